import { Link } from 'react-router-dom';
import { MentorGrid } from '../../../components/mentor-grid';
import { paths } from '../../../config/paths';
import { mentors } from '../../../content/mentors';
import { focusRing } from '../../../components/ui/focus-ring';

/** Hourly mentoring sessions, booked through the scheduling widget. */
export function MentorSection() {
  return (
    <section aria-labelledby="mentors-heading" className="bg-slate-50 px-4 py-14 sm:px-8 lg:px-12">
      <div className="mx-auto max-w-7xl">
        <div className="text-center">
          <h2 id="mentors-heading" className="text-3xl font-semibold text-slate-900">
            Mentorias individuais
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-700">
            Converse uma hora com profissionais experientes para tirar dúvidas, revisar o seu
            portfólio ou planejar os próximos passos da sua carreira.
          </p>
        </div>
        <div className="mt-10">
          <MentorGrid mentors={mentors} />
        </div>
        <p className="mt-8 text-center">
          <Link
            to={paths.mentors}
            className={`rounded-sm font-medium text-blue-700 hover:underline ${focusRing}`}
          >
            Ver todos os mentores
          </Link>
        </p>
      </div>
    </section>
  );
}
