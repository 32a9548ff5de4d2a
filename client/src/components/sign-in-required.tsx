import { useAuthActions, useSignInOnArrival } from '../auth/auth-context';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from './ui/button';

type SignInRequiredProps = {
  /** The page's h1, so a signed-out visitor still knows where they are. */
  title: string;
  message: string;
};

/**
 * A learner page seen signed out: the sign-in dialog opens by itself (not right after signing out
 * here on purpose), and a button opens it again.
 */
export function SignInRequired({ title, message }: SignInRequiredProps) {
  const { openSignIn } = useAuthActions();
  usePageTitle(title);
  useSignInOnArrival();

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <Button size="lg" onClick={() => openSignIn()} className="mt-6">
        Entrar
      </Button>
    </section>
  );
}
