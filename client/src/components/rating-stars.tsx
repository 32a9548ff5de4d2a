import { RATING_MAX } from '@aprendiz/contract/rules/ratings';

type RatingStarsProps = {
  /** An average rating; the stars show its floor. */
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

/**
 * Display-only stars: as many filled as the whole-number rating, the rest grey. One drawing with a
 * path for each colour, not an element per star: catalogue pages show dozens of these rows, and
 * every element is parsed, styled, laid out and hydrated on a slow phone.
 */
export function RatingStars({ value, height = 'h-4' }: RatingStarsProps) {
  const filled = Math.min(RATING_MAX, Math.max(0, Math.floor(value)));
  return (
    <span role="img" aria-label={`Avaliação: ${filled} de ${RATING_MAX}`} className="inline-flex">
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
      </svg>
    </span>
  );
}
