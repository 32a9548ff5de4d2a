import { MENTOR_DESCRIPTION_MAX, truncateWithEllipsis } from '@aprendiz/contract/rules/text';
import { formatMoney, type Currency } from '@aprendiz/contract/rules/currency';
import type { Mentor } from '../content/mentors';
import { useStorefront } from '../config/storefront';
import { Button } from './ui/button';

/** At most ten subject tags per card. */
export const MENTOR_SUBJECTS_MAX = 10;

type MentorCardProps = {
  mentor: Mentor;
  onBook: (mentor: Mentor) => void;
};

/** The mentor's hourly rate in the market's currency, in whole units ('Kz 10.000/hora', '10 €/hora'). */
export function formatMentorPrice(price: Mentor['price'], currency: Currency): string {
  return `${formatMoney(price[currency], currency, { cents: false })}/hora`;
}

/** A mentor: photo, description, subjects, rating and hourly price, with 'Reservar'. */
export function MentorCard({ mentor, onBook }: MentorCardProps) {
  const { currency } = useStorefront();
  return (
    // Four rows shared with the grid around it (see MentorGrid): header, description, subjects, price.
    <article className="row-span-4 grid grid-rows-subgrid gap-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-4">
        <img
          src={mentor.image}
          alt={`Foto de ${mentor.name}`}
          width={64}
          height={64}
          loading="lazy"
          className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">{mentor.name}</h3>
          {/* Rating and review count on lines of their own: the same shape on every card, where a
              narrow card used to break the line between the two at a different place. */}
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-amber-500">
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
            </svg>
            <span>
              <span className="sr-only">Avaliação </span>
              {mentor.rating.toFixed(1)}
            </span>
          </p>
          <p className="text-sm text-slate-600">{mentor.reviews} avaliações</p>
        </div>
      </div>
      <p className="text-sm leading-relaxed text-slate-700">
        {truncateWithEllipsis(mentor.description, MENTOR_DESCRIPTION_MAX)}
      </p>
      <ul aria-label="Assuntos" className="flex flex-wrap content-start gap-2">
        {mentor.subjects.slice(0, MENTOR_SUBJECTS_MAX).map((subject) => (
          <li
            key={subject}
            className="rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800"
          >
            {subject}
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between gap-3 pt-1">
        <p className="text-base font-semibold whitespace-nowrap text-slate-900">
          {formatMentorPrice(mentor.price, currency)}
        </p>
        <Button
          onClick={() => onBook(mentor)}
          aria-label={`Reservar sessão com ${mentor.name}`}
          className="shrink-0"
        >
          Reservar
        </Button>
      </div>
    </article>
  );
}
