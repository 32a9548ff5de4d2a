import type { ReactNode } from 'react';

/**
 * The app's one icon frame: a 24×24 outline drawn in the text colour, decorative (every use has a
 * text or an aria-label beside it). Each set (the educator area's, the phone tab bar's) draws its
 * paths inside it.
 */
export function Icon({
  children,
  className = 'h-6 w-6',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
