import type { ReactNode } from 'react';
import { Icon } from '../ui/icon';
import { BookIcon } from '../ui/icons';

type IconProps = { className?: string };

function HomeIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1v-9.5Z" />
    </Icon>
  );
}

function PlusCircleIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v8M8 12h8" />
    </Icon>
  );
}

function PeopleIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />
    </Icon>
  );
}

function PersonPlusIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />
    </Icon>
  );
}

function GraduationCapIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M2 8.5 12 4l10 4.5-10 4.5L2 8.5Z" />
      <path d="M6 10.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-5.5M22 8.5V14" />
    </Icon>
  );
}

function BanknoteIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 9.5v5M18 9.5v5" />
    </Icon>
  );
}

function QuestionIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M4 5h16v11H9l-5 4V5Z" />
      <path d="M10 9a2 2 0 1 1 2.5 1.9c-.3.1-.5.4-.5.7v.4M12 13.6v.2" />
    </Icon>
  );
}

function ChevronDownIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

function TrashIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5M14 11v5" />
    </Icon>
  );
}

function WarningIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M12 4 2.5 20h19L12 4ZM12 10v4.5M12 17.2v.3" />
    </Icon>
  );
}

function UploadIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </Icon>
  );
}

/** Outline icons of the educator area (decorative: every use has a text or aria-label beside it). */
export const educatorIcons = {
  dashboard: <HomeIcon />,
  addCourse: <PlusCircleIcon />,
  myCourses: <BookIcon />,
  students: <PeopleIcon />,
  questions: <QuestionIcon />,
  payouts: <BanknoteIcon />,
  enrollments: <PersonPlusIcon className="h-9 w-9" />,
  courses: <GraduationCapIcon className="h-9 w-9" />,
  earnings: <BanknoteIcon className="h-9 w-9" />,
  chevron: <ChevronDownIcon className="h-5 w-5" />,
  trash: <TrashIcon className="h-5 w-5" />,
  warning: <WarningIcon className="h-4 w-4 shrink-0" />,
  upload: <UploadIcon className="h-5 w-5" />,
};

function Brand({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      {children}
    </svg>
  );
}

/** Marks of the six sites the educator footer links to. */
export const socialIcons = {
  facebook: (
    <Brand>
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1Z" />
    </Brand>
  ),
  x: (
    <Brand>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
    </Brand>
  ),
  linkedin: (
    <Brand>
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75ZM9.5 9.75h3.8v1.6h.06c.53-1 1.83-2 3.77-2 4.03 0 4.77 2.6 4.77 6V21h-4v-4.9c0-1.17-.02-2.68-1.63-2.68-1.64 0-1.9 1.28-1.9 2.6V21h-4V9.75Z" />
    </Brand>
  ),
  github: (
    <Brand>
      <path d="M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.6 9.6 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2Z" />
    </Brand>
  ),
  repository: (
    <Brand>
      <path d="M5 3.5A2.5 2.5 0 0 1 7.5 1H20v17H7.5a1 1 0 0 0 0 2H20v2H7.5A2.5 2.5 0 0 1 5 19.5v-16ZM7 16.04c.16-.03.33-.04.5-.04H18V3H7.5a.5.5 0 0 0-.5.5v12.54ZM9 5h7v2H9V5Z" />
    </Brand>
  ),
  whatsapp: (
    <Brand>
      <path d="M12.04 2A9.9 9.9 0 0 0 3.5 16.9L2 22l5.25-1.38A9.93 9.93 0 1 0 12.04 2Zm0 18.1a8.2 8.2 0 0 1-4.18-1.14l-.3-.18-3.12.82.83-3.04-.2-.31a8.2 8.2 0 1 1 6.97 3.85Zm4.5-6.14c-.25-.12-1.46-.72-1.69-.8-.23-.09-.39-.13-.55.12-.17.24-.64.8-.78.96-.15.17-.29.19-.54.06a6.7 6.7 0 0 1-3.33-2.91c-.25-.43.25-.4.72-1.34.08-.16.04-.3-.02-.43-.06-.12-.55-1.33-.76-1.82-.2-.48-.4-.41-.55-.42h-.47a.9.9 0 0 0-.65.3 2.74 2.74 0 0 0-.85 2.03c0 1.2.87 2.36 1 2.52.12.17 1.72 2.62 4.16 3.67 1.54.67 2.15.72 2.92.61.47-.07 1.46-.6 1.66-1.17.2-.58.2-1.07.15-1.17-.06-.1-.23-.17-.48-.29Z" />
    </Brand>
  ),
};
