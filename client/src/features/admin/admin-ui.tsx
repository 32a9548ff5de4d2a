import type { ReactNode } from 'react';
import { useAppContext } from '../../context/app-context';
import { formatMoney } from '@aprendiz/contract/rules/currency';
import { LoadError } from '../../components/ui/load-error';
import type { Resource } from '../../data/resource';

/** Amounts in the console as the market writes them ('R$ 49,90', '49,90 €'), like every other page. */
export function money(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function when(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function AdminHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{children}</h1>
      {actions}
    </div>
  );
}

/** A console read: the loader meanwhile, the error with a retry, or its content. */
export function Loaded<T>({
  read,
  failedTitle,
  children,
}: {
  read: Resource<T>;
  failedTitle: string;
  children: (value: T) => ReactNode;
}) {
  if (read.error && !read.value) {
    return <LoadError title={failedTitle} message={read.error} onRetry={read.reload} compact />;
  }
  if (!read.value) return <p className="text-slate-600">Carregando…</p>;
  return <>{children(read.value)}</>;
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  awaiting_payment: 'Aguardando pagamento',
  completed: 'Paga',
  expired: 'Expirada',
  failed: 'Falhou',
  refund_pending: 'Reembolso pendente',
  refunded: 'Reembolsada',
};

export function purchaseStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export function Badge({
  tone,
  children,
}: {
  tone: 'green' | 'red' | 'slate' | 'amber';
  children: ReactNode;
}) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    red: 'bg-red-100 text-red-800',
    slate: 'bg-slate-100 text-slate-800',
    amber: 'bg-amber-100 text-amber-900',
  };
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** Whether the signed-in staff member may take the actions reserved to admins. */
export function useIsAdmin(): boolean {
  return useAppContext().userData?.staffRole === 'admin';
}
