import type { ReactNode } from 'react';
import { Button } from './button';

export const RETRY_LABEL = 'Tentar novamente';

/**
 * What a page shows when its data could not be read: what failed, the reason (the server's message)
 * and 'Tentar novamente'. `children` adds other ways out (a link back).
 */
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
  children,
  compact = false,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  children?: ReactNode;
  /** Inside a page section rather than filling the page. */
  compact?: boolean;
}) {
  const Heading = compact ? 'h2' : 'h1';
  return (
    <section
      role="alert"
      className={
        compact
          ? 'flex flex-col items-start gap-3 py-4'
          : 'mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center'
      }
    >
      <Heading
        className={
          compact ? 'text-lg font-semibold text-slate-900' : 'text-2xl font-semibold text-slate-900'
        }
      >
        {title}
      </Heading>
      <p className="text-slate-700">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size={compact ? 'md' : 'lg'} pending={retrying} onClick={onRetry}>
          {RETRY_LABEL}
        </Button>
        {children}
      </div>
    </section>
  );
}
