import type { ReactNode } from 'react';

/**
 * A table's frame: on a phone the table scrolls sideways inside it, so the page itself never does.
 * Focusable with a name, because a keyboard user needs to reach a scrolling region to scroll it.
 */
export function TableBox({
  label,
  children,
  scrollHint = false,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  /** For a table wider than a phone: says so above it there, since a cut-off column shows no sign. */
  scrollHint?: boolean;
  /** Takes the whole content width: a table of many columns squeezed into 896 px would scroll on a desktop. */
  wide?: boolean;
}) {
  return (
    <>
      {scrollHint && (
        <p aria-hidden="true" className="mb-1 text-xs text-gray-600 sm:hidden">
          Deslize a tabela para o lado para ver todas as colunas →
        </p>
      )}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={`w-full ${wide ? '' : 'max-w-4xl'} overflow-x-auto rounded-md border border-gray-500/20 bg-white`}
      >
        {children}
      </div>
    </>
  );
}

/** Each table adds the min width under which its columns would get too narrow (the box then scrolls). */
export const tableClass = 'w-full table-auto text-left text-sm text-gray-700';
export const headRowClass = 'border-b border-gray-500/20 bg-slate-50 text-gray-900';
export const headCellClass = 'px-4 py-3 font-semibold';
export const rowClass = 'border-b border-gray-500/20 last:border-b-0';
export const cellClass = 'px-4 py-3';
export const numberCellClass = 'w-14 px-4 py-3 text-center';
/** Left-aligned: in a table wider than a phone, a centred message would sit in the hidden part. */
const emptyCellClass = 'px-4 py-3 text-gray-600';

/**
 * A table's head: a header cell per column; `actions` adds a last column for each row's buttons,
 * unnamed on screen ('Ações' for screen readers). That cell is positioned, so its visually hidden
 * text scrolls with the table instead of widening a phone's page.
 */
export function TableHead({
  columns,
  actions = false,
}: {
  columns: readonly string[];
  actions?: boolean;
}) {
  return (
    <thead className={headRowClass}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={headCellClass}>
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col" className={`${headCellClass} relative`}>
            <span className="sr-only">Ações</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** The one row of a table with nothing to list, saying so across every column. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className={emptyCellClass}>
        {children}
      </td>
    </tr>
  );
}
