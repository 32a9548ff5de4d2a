import { Link } from 'react-router-dom';
import { useAuthActions, useAuthUser } from '../../../auth/auth-context';
import { paths } from '../../../config/paths';
import { focusRing } from '../../../components/ui/focus-ring';
import { buttonClass } from '../../../components/ui/button';

const primaryClass = buttonClass({ size: 'lg', className: 'px-8' });

/** The closing invitation: 'Começar' opens sign-in for a visitor; 'Saiba mais' reads the policy. */
export function CallToAction() {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 text-center sm:px-8 lg:px-12">
      <h2 id="cta-heading" className="text-2xl font-semibold text-slate-900 md:text-4xl">
        Aprenda o que quiser, quando e onde quiser
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-slate-700">
        Comece hoje e dê o próximo passo na sua carreira em tecnologia com cursos, mentorias e vagas
        em um só lugar.
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-6">
        {user ? (
          <Link to={paths.courseList()} className={primaryClass}>
            Explorar cursos
          </Link>
        ) : (
          <button type="button" onClick={() => openSignIn()} className={primaryClass}>
            Começar
          </button>
        )}
        <Link
          to={paths.privacy}
          className={`flex items-center gap-1 rounded-sm font-medium text-slate-800 hover:text-blue-700 ${focusRing}`}
        >
          Saiba mais <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}
