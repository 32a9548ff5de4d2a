import { RATING_MAX } from '@aprendiz/contract/rules/ratings';

type RatingStarsProps = {
  /** An average rating; the stars show its floor. */
  value: number;
  /** Tailwind size classes of each star. */
  size?: string;
};

const STAR_PATH =
  'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** Display-only stars: as many filled as the whole-number rating, the rest grey. */
export function RatingStars({ value, size = 'h-4 w-4' }: RatingStarsProps) {
  const filled = Math.min(RATING_MAX, Math.max(0, Math.floor(value)));
  return (
    <span
      role="img"
      aria-label={`Avaliação: ${filled} de ${RATING_MAX}`}
      className="inline-flex items-center gap-0.5"
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          data-filled={index < filled}
          className={`${size} ${index < filled ? 'fill-amber-500' : 'fill-slate-300'}`}
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}
