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

/**
 * The educator's sections: icon and label side by side from `md` up; on phones a narrow column with
 * each label small under its icon (an icon alone left educators guessing which was which).
 */
export function EducatorSidebar() {
  return (
    <nav
      aria-label="Área do educador"
      className="w-20 shrink-0 border-r border-gray-500/20 bg-white py-2 md:w-64"
    >
      <ul className="flex flex-col">
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end}
              className={({ isActive }) =>
                `flex flex-col items-center gap-1 border-r-[6px] px-1 py-3 ${focusRingInset} md:flex-row md:justify-start md:gap-3 md:px-8 md:py-3.5 ${
                  isActive
                    ? 'border-blue-600 bg-blue-50 font-medium text-blue-700'
                    : 'border-transparent text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              {entry.icon}
              <span className="text-center text-[11px] leading-tight md:text-left md:text-base">
                {entry.label}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
