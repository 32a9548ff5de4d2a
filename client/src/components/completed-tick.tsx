/** A blue tick with its meaning spoken: a lecture completed, a quiz passed. */
export function CompletedTick({ label = 'Concluída' }: { label?: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 20 20"
      className="h-5 w-5 shrink-0 fill-blue-600"
    >
      <path d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17zm3.9 5.3a.9.9 0 0 0-1.3.1L9 11.3 7.3 9.6a.9.9 0 1 0-1.3 1.3l2.4 2.4a.9.9 0 0 0 1.3-.1l4.3-5.2a.9.9 0 0 0-.1-1.2z" />
    </svg>
  );
}
