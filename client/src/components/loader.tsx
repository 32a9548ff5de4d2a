type LoaderProps = {
  /** What is being waited for, read by screen readers. */
  label?: string;
  /** Fill the viewport's remaining height (route-level waits) rather than only its own box. */
  fullHeight?: boolean;
};

const DOT_DELAYS_MS = [0, 200, 400];

/** The spec's loading indicator: three pulsing dots. */
export function Loader({ label = 'Carregando…', fullHeight = true }: LoaderProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={`flex items-center justify-center gap-2 ${fullHeight ? 'min-h-[60vh]' : 'py-8'}`}
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
