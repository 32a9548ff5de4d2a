type LoaderProps = {
  /** What is being waited for, read by screen readers. */
  label?: string;
  /**
   * Fill a whole viewport (route-level waits) rather than only its own box: a page that arrives then
   * does not push the footer out of view, which Lighthouse counts as layout shift.
   */
  fullHeight?: boolean;
};

const DOT_DELAYS_MS = [0, 200, 400];

/** The spec's loading indicator: three pulsing dots. */
export function Loader({ label = 'Carregando…', fullHeight = true }: LoaderProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={`flex items-center justify-center gap-2 ${fullHeight ? 'min-h-[100svh]' : 'py-8'}`}
    >
      {DOT_DELAYS_MS.map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="h-3 w-3 rounded-full bg-blue-600 motion-safe:animate-pulse"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
