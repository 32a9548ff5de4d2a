import { guaranteeLabel, refundWindowDays } from '@aprendiz/contract/rules/guarantee';
import type { CourseDetail, Lecture } from '@aprendiz/contract/courses';
import type { CourseReviewsResponse } from '@aprendiz/contract/reviews';
import {
  countLectures,
  courseTotalMinutes,
  formatMinutes,
} from '@aprendiz/contract/rules/duration';
import {
  discountDaysLeft,
  discountDeadlineText,
  isFreeCourse,
} from '@aprendiz/contract/rules/pricing';
import { courseIntro } from '@aprendiz/contract/rules/text';
import { Suspense, useCallback, useRef, useState, type RefObject } from 'react';
import {
  data,
  Link,
  useLoaderData,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { ChapterList } from '../../components/chapter-list';
import { CourseThumbnail } from '../../components/course-thumbnail';
import { CourseReviews } from '../../components/reviews/course-reviews';
import { loadReviews, readReviewsPage } from '../../components/reviews/reviews-page';
import { DiscountedPrice } from '../../components/price';
import { CourseRating, RatingStars } from '../../components/rating-stars';
import { YouTubePlayer } from '../../components/youtube-player';
import { paths } from '../../config/paths';
import { useStorefront } from '../../config/storefront';
import { useAppContext } from '../../context/app-context';
import { catalogueSource } from '../../data/catalogue-source';
import { loadOrReport, type LoadResult } from '../../data/load-result';
import { whenAuthKnown } from '../../lib/api-auth';
import type { RouteHandle } from '../../app/page-meta';
import { courseMeta } from './course-detail/course-meta';
import { StickyBuyBar } from './course-detail/sticky-buy-bar';
import { useScrolledPast } from './course-detail/use-scrolled-past';
import {
  asksEuWaiver,
  CouponField,
  CouponPrice,
  EuWaiverField,
  PaymentChoice,
  PHONE_MISSING,
  useContinuePurchase,
  useCoupon,
  useEnrollAction,
  type CouponState,
  type EnrollAction,
  type PaymentChoiceValue,
} from '../../features/payments';
import { useAuthUser } from '../../auth/auth-context';
import { focusRing } from '../../components/ui/focus-ring';
import { LoadError } from '../../components/ui/load-error';

/** The bottom strip a phone's sticky buy bar and bottom navigation cover (px, safe area aside). */
const STICKY_BAR_ZONE_PX = 144;
// The price panel's width: its grid column from md (22rem, 26rem from lg), the page's width below.
const PANEL_SIZES = '(min-width: 1024px) 416px, (min-width: 768px) 352px, calc(100vw - 32px)';
const primaryButton = `rounded-md bg-blue-600 text-center font-medium text-white hover:bg-blue-700 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

type EnrollButtonProps = {
  course: CourseDetail;
  action: EnrollAction;
  /** Width and padding where the button is shown: the panel's full width, or the bar's compact one. */
  layout: string;
  /** Nothing to pay: a free course, or a coupon that takes the whole price. */
  free: boolean;
  /** A coupon link still being checked: buying now would go without it. */
  held: boolean;
};

/** Nothing to pay for this visitor: the course is free, or the coupon they applied takes it all. */
function paysNothing(course: CourseDetail, coupon: CouponState): boolean {
  return isFreeCourse(course.coursePrice, course.discount) || coupon.applied?.price === 0;
}

function EnrollButton({ course, action, layout, free, held }: EnrollButtonProps) {
  const { user } = useAuthUser();
  const { enroll, pending, isEnrolled } = action;
  const className = `${primaryButton} ${layout}`;
  // The server refuses an educator buying their own course (it would count in their earnings).
  if (user && user.id === course.educator._id) {
    return (
      <Link to={paths.educatorMyCourses} className={className}>
        Ver nos meus cursos
      </Link>
    );
  }
  if (isEnrolled) {
    return (
      // The player opens at the lecture and second the learner left.
      <Link to={paths.player(course._id)} className={className}>
        Retomar Curso
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void enroll()}
      disabled={pending || held}
      aria-busy={pending}
      className={className}
    >
      {free ? 'Acessar Curso Gratis' : 'Acessar Curso'}
    </button>
  );
}

/** What comes with the course beyond its lectures: every course ends in a certificate. */
function includesLine(course: CourseDetail): string {
  const quizzes = course.courseContent.filter((chapter) => chapter.quiz).length;
  const parts = ['certificado de conclusão'];
  if (quizzes > 0) parts.push(plural(quizzes, 'questionário', 'questionários'));
  return `Inclui: ${parts.join(', ')}`;
}

type PaymentChoiceProps = Parameters<typeof PaymentChoice>[0];

function PricePanel({
  course,
  action,
  coupon,
  euWaiver,
  onEuWaiver,
  preview,
  panelRef,
  payment,
}: {
  course: CourseDetail;
  action: EnrollAction;
  coupon: CouponState;
  euWaiver: boolean;
  onEuWaiver: (waived: boolean) => void;
  preview: Lecture | null;
  panelRef: RefObject<HTMLElement | null>;
  /** The methods to choose from, when the buyer has a choice to make here. */
  payment: PaymentChoiceProps | null;
}) {
  const { currency } = useAppContext();
  const { currency: chargedIn } = useStorefront();
  const { user } = useAuthUser();
  const lectures = countLectures(course.courseContent);
  const ownsCourse = action.isEnrolled || user?.id === course.educator._id;
  const daysLeft = discountDaysLeft(course.discount, course.discountEndsAt);
  const free = paysNothing(course, coupon);
  return (
    <aside
      ref={panelRef}
      aria-label="Preço e inscrição"
      className="scroll-mt-4 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-md md:sticky md:top-6"
    >
      {preview ? (
        <YouTubePlayer
          key={preview.lectureId}
          url={preview.lectureUrl}
          title={preview.lectureTitle}
          autoplay
          rounded={false}
        />
      ) : (
        <CourseThumbnail
          src={course.courseThumbnail}
          sizes={PANEL_SIZES}
          alt={course.courseTitle}
          fetchPriority="high"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      )}
      <div className="space-y-4 p-5">
        {/* Said only of a discount that really ends (the educator dated it), with the real count;
            never to someone who already has the course, nor of a coupon's price. */}
        {!ownsCourse && daysLeft !== null && !coupon.applied && !coupon.linkPending && (
          <p className="flex items-center gap-2 text-sm text-red-700">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm.8 4H9.2v4.7l3.6 2.2.8-1.3-2.8-1.7V6z" />
            </svg>
            {/* The server's clock and the browser's may fall either side of a day's edge. */}
            <span className="font-medium" suppressHydrationWarning>
              {discountDeadlineText(daysLeft)}
            </span>
          </p>
        )}
        {coupon.applied ? (
          <CouponPrice applied={coupon.applied} currency={currency} />
        ) : coupon.linkPending && !ownsCourse ? (
          // A coupon link: its price, not the full one, is the first the visitor reads.
          <p role="status" className="text-3xl font-bold text-slate-400">
            Verificando o cupom…
          </p>
        ) : (
          <DiscountedPrice
            price={course.coursePrice}
            discount={course.discount}
            currency={currency}
          />
        )}
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          {course.ratingCount > 0 && (
            <li className="flex items-center gap-1">
              <RatingStars value={course.meanRating} />
            </li>
          )}
          <li>{formatMinutes(courseTotalMinutes(course.courseContent))}</li>
          <li>{plural(lectures, 'aula', 'aulas')}</li>
        </ul>
        <p className="text-sm text-slate-700">{includesLine(course)}</p>
        {payment && <PaymentChoice {...payment} />}
        {asksEuWaiver(chargedIn) && !free && !action.isEnrolled && (
          <EuWaiverField checked={euWaiver} onChange={onEuWaiver} />
        )}
        <EnrollButton
          course={course}
          action={action}
          layout="block w-full px-6 py-3"
          free={free}
          held={coupon.linkPending}
        />
        {/* Nothing paid, nothing to refund: no guarantee line for a free course or a 100 % coupon;
            the coupon's field stays, so the coupon can be taken off. */}
        {!free && !action.isEnrolled && (
          <p className="text-center text-sm text-slate-700">
            {/* The window the purchase will get: in euros the EU's 14 days at least. */}
            {guaranteeLabel(refundWindowDays(course.guaranteeDays, chargedIn))}: peça o reembolso em
            Meus cursos
          </p>
        )}
        {!isFreeCourse(course.coursePrice, course.discount) && !action.isEnrolled && (
          <CouponField coupon={coupon} />
        )}
      </div>
    </aside>
  );
}

function CourseView({
  course,
  reviews,
}: {
  course: CourseDetail;
  reviews: CourseDetailData['reviews'];
}) {
  const [preview, setPreview] = useState<Lecture | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const contentEndRef = useRef<HTMLDivElement>(null);
  const { user } = useAuthUser();
  const { methods } = useStorefront();
  const coupon = useCoupon(course._id);
  const [euWaiver, setEuWaiver] = useState(false);
  const [choice, setChoice] = useState<PaymentChoiceValue>({ method: methods[0]!, phone: '' });
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const onPhoneMissing = useCallback(() => {
    setPhoneError(PHONE_MISSING);
    phoneRef.current?.focus();
  }, []);
  // A choice to make only where the deployment takes several methods and this visitor may buy.
  const choosing =
    methods.length > 1 && !paysNothing(course, coupon) && user?.id !== course.educator._id;
  const action = useEnrollAction(course, {
    ...(choosing ? { choice } : {}),
    onPhoneMissing,
    coupon: coupon.applied?.code ?? null,
    euWaiver,
  });
  useContinuePurchase(course, action);
  const payment: PaymentChoiceProps | null =
    choosing && !action.isEnrolled
      ? {
          methods,
          value: choice,
          onChange: (next) => {
            setChoice(next);
            setPhoneError(null);
          },
          phoneRef,
          phoneError,
        }
      : null;
  const panelScrolledAway = useScrolledPast(panelRef, contentEndRef, STICKY_BAR_ZONE_PX);
  const { currency } = useAppContext();
  // The summary under the title, and the description below without the paragraph it already said.
  const { summary, description } = courseIntro(course.courseDescription);

  function playPreview(lecture: Lecture) {
    setPreview(lecture);
    // On phones the panel sits above the chapter list, out of view when a preview is chosen.
    panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  return (
    <div className="bg-gradient-to-b from-cyan-100/70 to-white to-[28rem]">
      <div className="mx-auto max-w-7xl gap-x-10 px-4 py-10 sm:px-8 md:grid md:grid-cols-[minmax(0,1fr)_22rem] lg:grid-cols-[minmax(0,1fr)_26rem] lg:px-12">
        <header className="md:col-start-1">
          <h1 className="text-2xl font-semibold text-slate-900 md:text-4xl">
            {course.courseTitle}
          </h1>
          <p className="mt-4 text-slate-700">{summary}</p>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <CourseRating
              mean={course.meanRating}
              count={course.ratingCount}
              countText={`(${plural(course.ratingCount, 'avaliação', 'avaliações')})`}
            />
            <span>{plural(course.studentCount, 'aluno', 'alunos')}</span>
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Curso de <span className="font-medium text-slate-900">{course.educator.name}</span>
          </p>
        </header>

        <div className="mt-8 md:col-start-2 md:row-span-3 md:row-start-1 md:mt-0">
          <PricePanel
            course={course}
            action={action}
            coupon={coupon}
            euWaiver={euWaiver}
            onEuWaiver={setEuWaiver}
            preview={preview}
            panelRef={panelRef}
            payment={payment}
          />
        </div>

        <section aria-labelledby="structure-heading" className="mt-10 md:col-start-1">
          <h2 id="structure-heading" className="text-xl font-semibold text-slate-900">
            Estrutura do curso
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            {plural(course.courseContent.length, 'capítulo', 'capítulos')} ·{' '}
            {plural(countLectures(course.courseContent), 'aula', 'aulas')} ·{' '}
            {formatMinutes(courseTotalMinutes(course.courseContent))}
          </p>
          {/* The chapters and the reviews hydrate as boundaries of their own, each in a short task,
              after the price panel (see pages/public/home.tsx). */}
          <Suspense>
            <ChapterList chapters={course.courseContent} onPreview={playPreview} />
          </Suspense>
        </section>

        {description && (
          <section aria-labelledby="description-heading" className="mt-10 md:col-start-1">
            <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
              Descrição do curso
            </h2>
            <div
              className="rich-text mt-4 break-words"
              // The server sanitizes course descriptions when they are saved, so it is shown as stored.
              dangerouslySetInnerHTML={{ __html: description }}
            />
          </section>
        )}
        <div className="mt-10 md:col-start-1">
          <Suspense>
            <CourseReviews
              reviews={reviews}
              canReply={user?.id === course.educator._id}
              viewerId={user?.id ?? null}
            />
          </Suspense>
        </div>
      </div>
      {/* The page's end, where the footer starts (after the grid's padding): the bar leaves once this
          reaches it, before the footer slides under it. */}
      <div ref={contentEndRef} />
      {panelScrolledAway && (
        <StickyBuyBar
          price={course.coursePrice}
          discount={course.discount}
          currency={currency}
          couponPrice={coupon.applied?.price ?? null}
        >
          <EnrollButton
            course={course}
            action={action}
            layout="shrink-0 px-5 py-2.5"
            free={paysNothing(course, coupon)}
            held={coupon.linkPending}
          />
        </StickyBuyBar>
      )}
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Curso não encontrado</h1>
      <p className="text-slate-700">
        O curso que você procura não existe ou não está mais disponível.
      </p>
      <Link
        to={paths.courseList()}
        className={`rounded-md bg-blue-600 px-6 py-3 font-medium text-white hover:bg-blue-700 ${focusRing}`}
      >
        Ver todos os cursos
      </Link>
    </div>
  );
}

export type CourseDetailData = {
  course: LoadResult<CourseDetail | null>;
  /** The page of reviews the address names (`?avaliacoes=`, the first by default). */
  reviews: LoadResult<CourseReviewsResponse | null>;
};

/** GET /api/course/:id's course; a missing one answers 404 on the server too. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // A signed-in visitor's course carries their lecture links and rating: the token must be known first.
  // The server renders for anyone.
  const [source] = await Promise.all([
    catalogueSource(context),
    typeof document === 'undefined' ? null : whenAuthKnown(request.signal),
  ]);
  const courseId = params.id ?? '';
  const page = readReviewsPage(new URL(request.url).searchParams);
  const [course, reviews] = await Promise.all([
    loadOrReport(() => source.course(courseId)),
    loadReviews(source, courseId, page),
  ]);
  const result: CourseDetailData = { course, reviews };
  return course.ok && course.value === null ? data(result, { status: 404 }) : result;
}

export const handle: RouteHandle = {
  meta: ({ data: loaded, storefront }) => {
    const course = (loaded as CourseDetailData | undefined)?.course;
    if (!course?.ok || !course.value) {
      return {
        title: 'Curso não encontrado',
        description: 'O curso que você procura não existe.',
        noindex: true,
      };
    }
    return courseMeta(course.value, storefront.currency);
  },
};

/** /course/{id}: the course's summary, structure, free previews and the buy / enroll panel. */
export default function CourseDetailPage() {
  // The server renders what anyone may see; a signed-in visitor's own view (lecture links, rating)
  // follows when the loaders read again for them (app-root's RevalidateOnUserChange).
  const { course, reviews } = useLoaderData<CourseDetailData>();
  const revalidator = useRevalidator();

  if (!course.ok)
    return (
      <LoadError
        title="Não foi possível carregar o curso"
        message={course.message}
        onRetry={() => void revalidator.revalidate()}
        retrying={revalidator.state === 'loading'}
      />
    );
  if (!course.value) return <NotFound />;
  return <CourseView course={course.value} reviews={reviews} />;
}
