import { RATING_MAX } from '@aprendiz/contract/rules/ratings';
import { useId, useState } from 'react';

type StarRatingInputProps = {
  /** The visible question, which also names the radio group. */
  label: string;
  /** The chosen rating, 1–5, or null before any. */
  value: number | null;
  onChange: (rating: number) => void;
};

const STAR_PATH =
  'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

export function starLabel(rating: number): string {
  return rating === 1 ? '1 estrela' : `${rating} estrelas`;
}

/**
 * Five stars as a radio group: native radios give arrow-key selection and one tab stop; the stars
 * are their labels, so a click on a star picks it. Hovering previews a rating without choosing it.
 */
export function StarRatingInput({ label, value, onChange }: StarRatingInputProps) {
  const labelId = useId();
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span id={labelId} className="font-medium text-slate-900">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className="flex items-center"
        onMouseLeave={() => setHovered(null)}
      >
        {Array.from({ length: RATING_MAX }, (_, index) => {
          const rating = index + 1;
          return (
            <label
              key={rating}
              onMouseEnter={() => setHovered(rating)}
              className="cursor-pointer rounded-sm p-1 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-blue-600"
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                className="sr-only"
              />
              <span className="sr-only">{starLabel(rating)}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                data-filled={rating <= shown}
                className={`h-7 w-7 transition-colors ${rating <= shown ? 'fill-amber-500' : 'fill-slate-300'}`}
              >
                <path d={STAR_PATH} />
              </svg>
            </label>
          );
        })}
      </div>
    </div>
  );
}
