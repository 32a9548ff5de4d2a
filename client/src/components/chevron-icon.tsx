/**
 * The down-pointing chevron of a collapsible section; it turns up while the section is open: as
 * `open` says, or, without it, while the `<details>` it sits in (marked `group`) is open.
 */
export function ChevronIcon({ open, className = '' }: { open?: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`h-4 w-4 shrink-0 fill-slate-600 transition-transform ${open === undefined ? 'group-open:rotate-180' : open ? 'rotate-180' : ''} ${className}`}
    >
      <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}
