import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { SignInRequired } from '../../components/sign-in-required';
import { resultFor } from '../../data/signed-in-loader';
import { LoadingPurchase, PurchaseNotFound } from './purchase-states';
import type { loadPurchase, Purchase } from './read-purchase';

/**
 * A purchase's page (/payment, /checkout) for its buyer: signed out, the way in (the page's heading
 * and why); signed in, the purchase its route's `loadPurchase` reads, or why it could not be read.
 */
export function PurchaseGate({
  signedOut,
  children,
}: {
  signedOut: { title: string; message: string };
  children: (purchase: Purchase) => ReactNode;
}) {
  const { user, isLoaded } = useAuthUser();
  const data = useLoaderData<typeof loadPurchase>();
  if (!isLoaded) return <Loader label="Carregando pagamento…" />;
  if (!user) return <SignInRequired title={signedOut.title} message={signedOut.message} />;
  return (
    <Deferred
      result={resultFor(data, user.id)}
      pending={<LoadingPurchase />}
      failedTitle="Não foi possível carregar o pagamento"
      notFound={<PurchaseNotFound />}
    >
      {children}
    </Deferred>
  );
}
