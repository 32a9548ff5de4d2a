import type { EnrolledCourseSummary } from '@aprendiz/contract/learning';
import { COURSE_REMOVED_FOR_RIGHTS_CLAIM } from '@aprendiz/contract/rules/course-status';
import { formatMinutes } from '@aprendiz/contract/rules/duration';
import { guaranteeLabel } from '@aprendiz/contract/rules/guarantee';
import type { RefundedPurchase, RefundOffer } from '@aprendiz/contract/payments';
import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { CourseThumbnail } from '../../components/course-thumbnail';
import { Loader } from '../../components/loader';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';
import { CertificateAction } from '../../components/certificate-action';
import { CourseProgressBar, type ProgressFacts } from '../../components/course-progress-bar';
import { RefundAction, RefundDestinationAction, refundMoney } from '../../features/payments';
import { useMediaQuery } from './my-enrollments/use-media-query';
import type { RouteHandle } from '../../app/page-meta';
import { SignInRequired } from '../../components/sign-in-required';
import { focusRing } from '../../components/ui/focus-ring';
import { LoadError } from '../../components/ui/load-error';
import { buttonClass } from '../../components/ui/button';

const TITLE = 'Meus Cursos';

/** Drawn on the server for its viewer (app/router.tsx's SIGNED_IN_RENDERED_PATHS): a private page. */
export const handle: RouteHandle = {
  meta: () => ({
    title: TITLE,
    description: 'Os seus cursos e o seu progresso.',
    noindex: true,
  }),
};
/** Tailwind's md breakpoint: from here the courses are a table, below it a list of cards. */
const WIDE_SCREEN = '(min-width: 768px)';

const pageClass = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-8';

type Row = { course: EnrolledCourseSummary; progress: ProgressFacts; duration: string };

function toRow(course: EnrolledCourseSummary): Row {
  return {
    course,
    // Worked out by the server from the course's content, which this list does not carry.
    progress: course.progress,
    duration: formatMinutes(course.totalDuration),
  };
}

/**
 * The player link, and at 100 % the certificate beside it; a course removed for a rights claim has
 * neither, only a note saying why.
 */
function RowActions({ row }: { row: Row }) {
  const removed = row.course.removedForRightsClaim === true;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {removed ? <RemovedNote /> : <PlayerLink row={row} />}
      {!removed && row.progress.percent === 100 && (
        <CertificateAction courseId={row.course._id} courseTitle={row.course.courseTitle} />
      )}
      {row.course.refund && <RefundState offer={row.course.refund} course={row.course} />}
      {row.course.owedRefund && (
        <RefundDestinationAction
          owed={row.course.owedRefund}
          courseTitle={row.course.courseTitle}
        />
      )}
    </span>
  );
}

const SHORT_DATE = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

/**
 * A paid course's refund: 'Pedir reembolso' with its guarantee's end when the server would accept
 * it, else, in its place, the reason the server would give (the same rule decides both).
 */
function RefundState({ offer, course }: { offer: RefundOffer; course: EnrolledCourseSummary }) {
  if (!offer.eligible)
    return <span className="max-w-64 text-right text-xs text-slate-600">{offer.reason}</span>;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <RefundAction offer={offer} courseTitle={course.courseTitle} />
      <span className="text-xs text-slate-600">
        {guaranteeLabel(offer.days)}, até{' '}
        <time dateTime={offer.deadline}>{SHORT_DATE.format(new Date(offer.deadline))}</time>
      </span>
    </span>
  );
}

function RemovedNote() {
  return (
    <span className="max-w-56 text-right text-sm text-slate-700">
      <span className="mr-1 inline-block rounded bg-red-50 px-2 py-0.5 font-medium text-red-800">
        Removido
      </span>
      {COURSE_REMOVED_FOR_RIGHTS_CLAIM}
    </span>
  );
}

function PlayerLink({ row }: { row: Row }) {
  const done = row.progress.percent === 100;
  return (
    <Link
      to={paths.player(row.course._id)}
      className={`inline-block rounded-md px-4 py-2 text-center text-sm font-medium whitespace-nowrap ${focusRing} ${
        done
          ? 'border border-green-700 text-green-800 hover:bg-green-50'
          : 'bg-blue-600 text-white hover:bg-blue-700'
      }`}
    >
      {done ? 'Concluído' : 'Continuar'}
      <span className="sr-only">: {row.course.courseTitle}</span>
    </Link>
  );
}

function Thumbnail({
  course,
  className,
  sizes,
}: {
  course: EnrolledCourseSummary;
  className: string;
  sizes: string;
}) {
  return (
    <CourseThumbnail
      src={course.courseThumbnail}
      sizes={sizes}
      loading="lazy"
      decoding="async"
      className={`aspect-video shrink-0 rounded bg-slate-100 object-cover ${className}`}
    />
  );
}

function progressLabel(course: EnrolledCourseSummary): string {
  return `Progresso em ${course.courseTitle}`;
}

// Memoized: once hydrated, the page learns the screen's width and drops the layout that does not
// fit; the one kept is not drawn again.
const CourseTable = memo(function CourseTable({ rows }: { rows: Row[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm text-slate-700">
        <caption className="sr-only">{TITLE}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="w-[45%] px-4 py-3 font-semibold">
              Curso
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Duração
            </th>
            <th scope="col" className="w-[25%] px-4 py-3 font-semibold">
              Progresso
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Ação</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.course._id} className="border-b border-slate-200 last:border-b-0">
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="flex items-center gap-3">
                  <Thumbnail course={row.course} className="w-24" sizes="96px" />
                  <span className="line-clamp-2 font-medium text-slate-900">
                    {row.course.courseTitle}
                  </span>
                </span>
              </th>
              <td className="px-4 py-3">{row.duration}</td>
              <td className="px-4 py-3">
                <CourseProgressBar progress={row.progress} label={progressLabel(row.course)} />
              </td>
              <td className="px-4 py-3 text-right">
                <RowActions row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

const CourseCards = memo(function CourseCards({ rows }: { rows: Row[] }) {
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li
          key={row.course._id}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <article aria-labelledby={`curso-${row.course._id}`} className="space-y-3">
            <div className="flex items-start gap-3">
              <Thumbnail course={row.course} className="w-28" sizes="112px" />
              <div className="min-w-0">
                <h2
                  id={`curso-${row.course._id}`}
                  className="line-clamp-3 font-semibold text-slate-900"
                >
                  {row.course.courseTitle}
                </h2>
                <p className="mt-1 text-sm text-slate-700">{row.duration}</p>
              </div>
            </div>
            <CourseProgressBar progress={row.progress} label={progressLabel(row.course)} />
            <div className="flex justify-end">
              <RowActions row={row} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
});

function EnrollmentsSkeleton() {
  return (
    <div role="status" aria-label="Carregando os seus cursos…">
      <ul aria-hidden="true" className="space-y-4">
        {[0, 1, 2].map((index) => (
          <li
            key={index}
            data-testid="enrollment-skeleton"
            className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="aspect-video w-24 shrink-0 rounded bg-slate-200 motion-safe:animate-pulse" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-3/5 rounded bg-slate-200 motion-safe:animate-pulse" />
              <div className="h-2 w-full rounded bg-slate-200 motion-safe:animate-pulse" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <p className="text-slate-700">Parece que você não está matriculado em nenhum curso</p>
      <Link to={paths.courseList()} className={buttonClass({ size: 'lg' })}>
        Descobrir Cursos
      </Link>
    </div>
  );
}

/**
 * Courses given back stay in sight, without access: what was refunded, how much and when, so a
 * learner checking on their money finds it where the course was.
 */
function RefundedList({ refunded }: { refunded: RefundedPurchase[] }) {
  return (
    <section aria-labelledby="reembolsados" className="mt-10">
      <h2 id="reembolsados" className="mb-4 text-xl font-semibold text-slate-900">
        Reembolsados
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {refunded.map((item) => (
          <li key={item.purchaseId} className="flex items-center gap-3 p-4 text-sm text-slate-700">
            <CourseThumbnail
              src={item.courseThumbnail ?? ''}
              sizes="80px"
              loading="lazy"
              decoding="async"
              className="aspect-video w-20 shrink-0 rounded bg-slate-100 object-cover opacity-60"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-slate-900">
                {item.courseTitle}
              </span>
              <span className="block">
                {refundMoney(item)} · pedido em{' '}
                <time dateTime={item.refundedAt}>
                  {SHORT_DATE.format(new Date(item.refundedAt))}
                </time>
                {item.status === 'refund_pending' && ' · valor a caminho'}
              </span>
            </span>
            <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
              Reembolsado
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Enrollments() {
  const { enrolledCourses, enrolledStatus, refreshSignedIn, refundedPurchases } = useAppContext();
  const wide = useMediaQuery(WIDE_SCREEN);
  // The server sends the most recent enrollment first, the order shown here.
  const rows = useMemo(() => enrolledCourses.map(toRow), [enrolledCourses]);

  if (enrolledStatus === 'error')
    return (
      <LoadError
        compact
        message="Não foi possível carregar os seus cursos."
        onRetry={() => void refreshSignedIn()}
      />
    );
  if (enrolledStatus !== 'ready') return <EnrollmentsSkeleton />;
  const refunded = refundedPurchases.length > 0 && <RefundedList refunded={refundedPurchases} />;
  if (enrolledCourses.length === 0)
    return (
      <>
        <EmptyState />
        {refunded}
      </>
    );

  // Drawn on the server, the screen's width is unknown: both layouts, CSS showing the one that
  // fits, until the browser drops the other (each in the same place, so nothing else is redrawn).
  const unknown = wide === undefined;
  return (
    <>
      {wide !== false && (
        <div className={unknown ? 'hidden md:block' : undefined}>
          <CourseTable rows={rows} />
        </div>
      )}
      {wide !== true && (
        <div className={unknown ? 'md:hidden' : undefined}>
          <CourseCards rows={rows} />
        </div>
      )}
      {refunded}
    </>
  );
}

/** /my-enrollments: the signed-in learner's courses with their progress, from the AppContext. */
export default function MyEnrollmentsPage() {
  usePageTitle(TITLE);
  const { user, isLoaded } = useAuthUser();

  if (!isLoaded) return <Loader />;
  if (!user) {
    return <SignInRequired title={TITLE} message="Entre na sua conta para ver os seus cursos." />;
  }

  return (
    <div className={pageClass}>
      <h1 className="mb-8 text-3xl font-semibold text-slate-900 md:text-4xl">{TITLE}</h1>
      <Enrollments />
    </div>
  );
}
