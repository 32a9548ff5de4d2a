import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { educatorIcons } from './educator-icons';
import { focusRingInset } from '../ui/focus-ring';

type Entry = { to: string; label: string; icon: ReactNode; end?: boolean };

const entries: Entry[] = [
  { to: paths.educator, label: 'Dashboard', icon: educatorIcons.dashboard, end: true },
  { to: paths.educatorAddCourse, label: 'Add Course', icon: educatorIcons.addCourse },
  { to: paths.educatorMyCourses, label: 'My Courses', icon: educatorIcons.myCourses },
  { to: paths.educatorStudents, label: 'Student Enrolled', icon: educatorIcons.students },
  { to: paths.educatorQuestions, label: 'Perguntas', icon: educatorIcons.questions },
  { to: paths.educatorPayouts, label: 'Pagamentos', icon: educatorIcons.payouts },
];

/** The educator's sections: icons and labels from `md` up, icons only (named by aria-label) on phones. */
export function EducatorSidebar() {
  return (
    <nav
      aria-label="Área do educador"
      className="w-16 shrink-0 border-r border-gray-500/20 bg-white py-2 md:w-64"
    >
      <ul className="flex flex-col">
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end}
              aria-label={entry.label}
              className={({ isActive }) =>
                `flex items-center justify-center gap-3 border-r-[6px] px-4 py-3.5 ${focusRingInset} md:justify-start md:px-8 ${
                  isActive
                    ? 'border-blue-600 bg-blue-50 font-medium text-blue-700'
                    : 'border-transparent text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              {entry.icon}
              <span className="hidden md:inline">{entry.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
