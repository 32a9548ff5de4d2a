import type { ReactNode } from 'react';
import { Button } from './button';

export const RETRY_LABEL = 'Tentar novamente';

/**
 * The one retry panel: what could not be read, why (the server's message) and 'Tentar novamente'.
 * `children` adds other ways out (a link back).
 */
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
  children,
  compact = false,
  className,
}: {
  /** A page's heading; a panel inside a page says it all in `message`. */
  title?: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  children?: ReactNode;
  /** Inside a page section rather than filling the page. */
  compact?: boolean;
  className?: string;
}) {
  const Heading = compact ? 'h2' : 'h1';
  const layout = compact
    ? 'flex flex-col items-start gap-3 py-4 text-slate-700'
    : 'mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center text-slate-700';
  return (
    <section role="alert" className={className ?? layout}>
      {title && (
        <Heading className={`font-semibold text-slate-900 ${compact ? 'text-lg' : 'text-2xl'}`}>
          {title}
        </Heading>
      )}
      <p>{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button
          variant={compact ? 'secondary' : 'primary'}
          size={compact ? 'md' : 'lg'}
          pending={retrying}
          onClick={onRetry}
        >
          {RETRY_LABEL}
        </Button>
        {children}
      </div>
    </section>
  );
}
