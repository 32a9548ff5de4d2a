import type { ReactNode } from 'react';

/**
 * A table's frame: on a phone the table scrolls sideways inside it, so the page itself never does.
 * Focusable with a name, because a keyboard user needs to reach a scrolling region to scroll it.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="w-full max-w-4xl overflow-x-auto rounded-md border border-gray-500/20 bg-white"
    >
      {children}
    </div>
  );
}

export const tableClass = 'w-full min-w-[32rem] table-auto text-left text-sm text-gray-700';
export const headRowClass = 'border-b border-gray-500/20 bg-slate-50 text-gray-900';
export const headCellClass = 'px-4 py-3 font-semibold';
export const rowClass = 'border-b border-gray-500/20 last:border-b-0';
export const cellClass = 'px-4 py-3';
