import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { env } from '../config/env';
import { focusRingOnDark } from './ui/focus-ring';

const links = [
  { to: paths.home, label: 'Início' },
  { to: paths.courseList(), label: 'Cursos' },
  { to: paths.mentors, label: 'Mentores' },
  { to: paths.jobs, label: 'Vagas' },
  { to: paths.contact, label: 'Contato' },
  { to: paths.privacy, label: 'Política de Privacidade' },
];

/** The public footer: brand, a short blurb, the site's links and the copyright line. */
export function Footer() {
  const { brand } = env;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-8 md:grid-cols-2 lg:px-12">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <img
              src="/icons/logo.svg"
              alt=""
              width={28}
              height={28}
              loading="lazy"
              className="h-7 w-7"
            />
            {brand}
          </p>
          <p className="mt-3 max-w-md text-sm leading-relaxed">
            Cursos online de tecnologia em português, mentorias com profissionais da área e vagas
            para dar o próximo passo na sua carreira.
          </p>
        </div>
        <nav aria-label="Rodapé">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {links.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={`rounded-sm hover:text-white ${focusRingOnDark}`}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {brand}. Todos os direitos reservados.
      </p>
    </footer>
  );
}
