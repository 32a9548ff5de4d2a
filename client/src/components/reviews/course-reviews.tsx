import type { CourseReview, CourseReviewsResponse } from '@aprendiz/contract/reviews';
import { RATING_MAX, RATING_MIN } from '@aprendiz/contract/rules/ratings';
import { REPLY_MAX_LENGTH } from '@aprendiz/contract/rules/reviews';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router-dom';
import type { LoadResult } from '../../data/load-result';
import { loadApi } from '../../lib/load-api';
import { send } from '../../lib/send';
import { Loader } from '../loader';
import { ReportControl } from '../report-control';
import { formatRating, RatingStars } from '../rating-stars';
import { readReviewsPage, REVIEWS_PAGE_PARAM } from './reviews-page';
import { focusRing } from '../ui/focus-ring';
import { LoadError } from '../ui/load-error';
import { buttonClass } from '../ui/button';

export type CourseReviewsProps = {
  /** The page of reviews the course page's loader read for the address (`?avaliacoes=`). */
  reviews: LoadResult<CourseReviewsResponse | null>;
  /**
   * True when the viewer is the course's educator: each written review without a reply offers
   * 'Responder' (one reply per review, kept once sent).
   */
  canReply?: boolean;
  /**
   * The signed-in person's id, if anyone is signed in: they may report ('Denunciar') every written
   * review but their own.
   */
  viewerId?: string | null;
};

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });

const pagerButton = buttonClass({ variant: 'secondary', className: 'text-sm' });

/** The educator's one reply to a review: a button that opens a box, sent once. */
function ReplyForm({
  review,
  onReplied,
}: {
  review: CourseReview;
  onReplied: (reply: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const boxId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const url = `/api/educator/review/${encodeURIComponent(review._id)}/reply`;
    const done = await send(loadApi().then((api) => api.post(url, { reply: text })));
    if (done) onReplied(text.trim());
    else setSending(false);
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Responder a ${review.name}`}
        className={`mt-3 ${pagerButton}`}
      >
        Responder
      </button>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 ml-4 flex flex-col gap-2">
      <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
        Resposta a {review.name}
      </label>
      <textarea
        id={boxId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={REPLY_MAX_LENGTH}
        rows={3}
        className={`w-full rounded-md border border-slate-300 p-2 text-slate-900 ${focusRing}`}
      />
      <button
        type="submit"
        disabled={sending || text.trim() === ''}
        aria-busy={sending}
        className={`self-start ${pagerButton}`}
      >
        Publicar resposta
      </button>
    </form>
  );
}

function Distribution({ data }: { data: CourseReviewsResponse }) {
  const rows = [];
  for (let stars = RATING_MAX; stars >= RATING_MIN; stars--) {
    const count = data.distribution[stars as keyof CourseReviewsResponse['distribution']];
    const share = data.ratingCount === 0 ? 0 : Math.round((count * 100) / data.ratingCount);
    rows.push(
      <li key={stars} className="flex items-center gap-3 text-sm text-slate-700">
        <span className="w-8 shrink-0 text-right">{stars}★</span>
        <span
          role="meter"
          aria-label={stars === 1 ? '1 estrela' : `${stars} estrelas`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          aria-valuetext={`${count} ${count === 1 ? 'avaliação' : 'avaliações'} (${share}%)`}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <span className="block h-full bg-amber-500" style={{ width: `${share}%` }} />
        </span>
        <span className="w-10 shrink-0 tabular-nums">{count}</span>
      </li>,
    );
  }
  return <ul className="w-full space-y-1.5">{rows}</ul>;
}

/**
 * The course page's reviews: the average (floor of the mean), how many rated, a 5★–1★ distribution,
 * and the newest written reviews, paged, each with the educator's reply under it. Review and reply
 * texts are rendered as React text, never as HTML.
 */
export function CourseReviews({ reviews, canReply = false, viewerId = null }: CourseReviewsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // The page just asked for is named at once; the one shown stays until it arrives.
  const next = navigation.location?.pathname === pathname ? navigation.location : null;
  const page = readReviewsPage(next ? new URLSearchParams(next.search) : searchParams);

  function showPage(target: number) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (target === 1) params.delete(REVIEWS_PAGE_PARAM);
        else params.set(REVIEWS_PAGE_PARAM, String(target));
        return params;
      },
      { preventScrollReset: true },
    );
  }
  // Replies sent from this page, shown at once under their review.
  const [repliedHere, setRepliedHere] = useState<ReadonlyMap<string, string>>(new Map());
  const headingId = useId();

  let body;
  if (!reviews.ok && revalidator.state === 'loading') {
    body = <Loader label="Carregando avaliações…" fullHeight={false} />;
  } else if (!reviews.ok || !reviews.value) {
    const message = reviews.ok ? '' : reviews.message;
    body = (
      <LoadError
        compact
        className="flex flex-wrap items-center gap-3 text-slate-700"
        message={`Não foi possível carregar as avaliações. ${message}`.trim()}
        onRetry={() => void revalidator.revalidate()}
      />
    );
  } else {
    const data = reviews.value;
    const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
    body = (
      <>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <div className="flex shrink-0 flex-col items-start gap-1">
            <p className="text-4xl font-semibold text-slate-900">
              {data.ratingCount === 0 ? 'Novo' : formatRating(data.meanRating)}
            </p>
            <RatingStars value={data.meanRating} height="h-5" />
            <p className="text-sm text-slate-700">
              {data.ratingCount} {data.ratingCount === 1 ? 'avaliação' : 'avaliações'}
            </p>
          </div>
          <Distribution data={data} />
        </div>
        {data.reviews.length === 0 ? (
          <p className="mt-6 text-slate-700">
            {data.total === 0 ? 'Ainda não há avaliações escritas.' : 'Não há mais avaliações.'}
          </p>
        ) : (
          <ul className="mt-6 divide-y divide-slate-200">
            {data.reviews.map((shown) => {
              const review = { ...shown, reply: shown.reply ?? repliedHere.get(shown._id) ?? null };
              return (
                <li key={review._id} className="py-4">
                  <article aria-label={`Avaliação de ${review.name}`}>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <p className="font-medium text-slate-900">{review.name}</p>
                      <RatingStars value={review.rating} />
                      <time dateTime={review.createdAt} className="text-sm text-slate-600">
                        {DATE_FORMAT.format(new Date(review.createdAt))}
                      </time>
                    </div>
                    <p className="mt-2 break-words whitespace-pre-line text-slate-800">
                      {review.review}
                    </p>
                    {viewerId !== null && viewerId !== review.authorId && (
                      <div className="mt-2">
                        <ReportControl
                          url={`/api/review/${encodeURIComponent(review._id)}/report`}
                          label={`Denunciar a avaliação de ${review.name}`}
                        />
                      </div>
                    )}
                    {review.reply !== null ? (
                      <div className="mt-3 ml-4 border-l-2 border-blue-200 pl-3">
                        <p className="text-sm font-medium text-blue-800">Resposta do educador</p>
                        <p className="mt-1 break-words whitespace-pre-line text-slate-700">
                          {review.reply}
                        </p>
                      </div>
                    ) : (
                      canReply && (
                        <ReplyForm
                          review={review}
                          onReplied={(reply) =>
                            setRepliedHere((replies) => new Map(replies).set(review._id, reply))
                          }
                        />
                      )
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label="Páginas de avaliações" className="mt-4 flex items-center gap-3">
            <button
              type="button"
              onClick={() => showPage(page - 1)}
              disabled={page <= 1}
              className={pagerButton}
            >
              Anterior
            </button>
            <p className="text-sm text-slate-700" aria-live="polite">
              Página {page} de {pages}
            </p>
            <button
              type="button"
              onClick={() => showPage(page + 1)}
              disabled={page >= pages}
              className={pagerButton}
            >
              Próxima
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Avaliações dos alunos
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}
