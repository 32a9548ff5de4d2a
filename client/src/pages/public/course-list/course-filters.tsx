import {
  COURSE_CATEGORIES,
  COURSE_CATEGORY_SLUGS,
  COURSE_LEVEL_SLUGS,
  COURSE_LEVELS,
  COURSE_SEARCH_SORTS,
  type CourseSearchSort,
} from '@aprendiz/contract/catalogue';
import { useId } from 'react';
import { SORT_LABELS, type CourseFilters as Filters } from './search-params';
import { focusRing } from '../../../components/ui/focus-ring';

const FOCUS = `${focusRing}`;

type ChipGroupProps<T extends string> = {
  label: string;
  /** The chip that clears the filter, pressed while none is chosen. */
  allLabel: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T | null) => void;
};

function ChipGroup<T extends string>({
  label,
  allLabel,
  options,
  labels,
  value,
  onChange,
}: ChipGroupProps<T>) {
  const labelId = useId();
  const chips: { key: T | null; text: string }[] = [
    { key: null, text: allLabel },
    ...options.map((option) => ({ key: option, text: labels[option] })),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-3">
      <span id={labelId} className="shrink-0 text-sm font-medium text-slate-700 sm:w-20">
        {label}
      </span>
      {/* One scrolling row on a phone, wrapped lines on wider screens. */}
      <div
        role="group"
        aria-labelledby={labelId}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {chips.map(({ key, text }) => {
          const pressed = value === key;
          return (
            <button
              key={key ?? ''}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(key)}
              className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap sm:min-h-9 ${FOCUS} ${
                pressed
                  ? 'border-blue-700 bg-blue-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50'
              }`}
            >
              {text}
            </button>
          );
        })}
      </div>
    </div>
  );
}

type CourseFiltersProps = {
  filters: Filters;
  onChange: (filters: Filters) => void;
};

/** Category and level chips and the order of the results. */
export function CourseFilters({ filters, onChange }: CourseFiltersProps) {
  const sortId = useId();
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="flex min-w-0 flex-col gap-3">
        <ChipGroup
          label="Categoria"
          allLabel="Todas"
          options={COURSE_CATEGORY_SLUGS}
          labels={COURSE_CATEGORIES}
          value={filters.category}
          onChange={(category) => onChange({ ...filters, category })}
        />
        <ChipGroup
          label="Nível"
          allLabel="Todos"
          options={COURSE_LEVEL_SLUGS}
          labels={COURSE_LEVELS}
          value={filters.level}
          onChange={(level) => onChange({ ...filters, level })}
        />
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          Ordenar por
        </label>
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) =>
            onChange({ ...filters, sort: event.target.value as CourseSearchSort })
          }
          className={`min-h-11 rounded-md border border-slate-300 bg-white px-3 text-slate-900 sm:min-h-9 ${FOCUS}`}
        >
          {COURSE_SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
