import { RATING_MAX } from '@aprendiz/contract/rules/ratings';
import { useId, type ReactNode } from 'react';

type RatingStarsProps = {
  /** A rating or a mean; the stars show it to the nearest half. */
  value: number;
  /** Tailwind height class of the row of stars; its width follows. */
  height?: string;
};

/** A star's side and the gap after it, in the drawing's units (the gap is 2 px at h-4). */
const STAR = 20;
const GAP = 2.5;
/** One star from its top point, in relative moves, so it can be drawn at any offset. */
const STAR_MOVES = 'l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z';
const ROW_WIDTH = RATING_MAX * STAR + (RATING_MAX - 1) * GAP;

/** The stars `from` (inclusive) to `to` (exclusive) of the row, as one path. */
function starsPath(from: number, to: number): string {
  let d = '';
  for (let index = from; index < to; index++) d += `M${index * (STAR + GAP) + 10} 1.5${STAR_MOVES}`;
  return d;
}

/** '4,6': the mean as people in our markets write it, always one decimal. */
const RATING_FORMAT = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatRating(value: number): string {
  return RATING_FORMAT.format(value);
}

/**
 * Display-only stars: the rating to the nearest half star, the rest grey. One drawing with a path
 * for each colour, not an element per star: catalogue pages show dozens of these rows, and every
 * element is parsed, styled, laid out and hydrated on a slow phone. A half star is the next star's
 * amber drawing clipped at its middle over its grey one.
 */
export function RatingStars({ value, height = 'h-4' }: RatingStarsProps) {
  const shown = Math.min(RATING_MAX, Math.max(0, value));
  const halves = Math.round(shown * 2);
  const filled = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  const clipId = useId();
  const label = Number.isInteger(shown) ? String(shown) : formatRating(shown);
  return (
    <span role="img" aria-label={`Avaliação: ${label} de ${RATING_MAX}`} className="inline-flex">
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${ROW_WIDTH} ${STAR}`}
        // The drawing's proportions (110 by 20), so its width follows the height class.
        className={`${height} aspect-[11/2] w-auto`}
      >
        {filled > 0 && <path className="fill-amber-500" d={starsPath(0, filled)} />}
        {filled < RATING_MAX && (
          <path className="fill-slate-300" d={starsPath(filled, RATING_MAX)} />
        )}
        {half && (
          <>
            <clipPath id={clipId}>
              <rect x={filled * (STAR + GAP)} y="0" width={STAR / 2} height={STAR} />
            </clipPath>
            <path
              className="fill-amber-500"
              clipPath={`url(#${clipId})`}
              d={starsPath(filled, filled + 1)}
            />
          </>
        )}
      </svg>
    </span>
  );
}

/**
 * A course's rating as its card and page show it: '4,6', the stars and how many rated; 'Novo'
 * while nobody has, since empty stars beside a new course read as a bad one.
 */
export function CourseRating({
  mean,
  count,
  countText,
}: {
  mean: number;
  count: number;
  /** How the count reads here ('(7)' on a card, '(7 avaliações)' on the course page). */
  countText: ReactNode;
}) {
  if (count === 0) {
    return (
      <span className="rounded-sm bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
        Novo
      </span>
    );
  }
  return (
    <>
      <span aria-hidden="true" className="font-semibold text-slate-900">
        {formatRating(mean)}
      </span>
      <RatingStars value={mean} />
      <span>{countText}</span>
    </>
  );
}
