import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import type { Analytics, AnalyticsPeriod } from '@aprendiz/contract/educator';
import { ANALYTICS_PERIODS } from '@aprendiz/contract/educator';
import { formatMoney } from '@aprendiz/contract/rules/currency';
import { Loader } from '../loader';
import type { LoadResult } from '../../data/load-result';
import { Deferred } from '../deferred';
import { cellClass, EmptyRow, rowClass, TableBox, tableClass, TableHead } from '../ui/table';
import { focusRing } from '../ui/focus-ring';

/** The address's period: `?dias=90` for 90 days, else 30. */
const DAYS_PARAM = 'dias';

export function readDays(params: URLSearchParams): AnalyticsPeriod {
  return params.get(DAYS_PARAM) === '90' ? 90 : 30;
}

/** The drawing's width before the page is measured (the server's render, a desktop's usual box). */
const DEFAULT_WIDTH = 720;
const MIN_WIDTH = 280;
const HEIGHT = 220;
// The right margin holds the earnings scale's top mark, up to 'Kz 1.000.000' at 11 px.
const PAD = { top: 16, right: 80, bottom: 28, left: 40 };

/**
 * The chart is drawn at its box's real width, so its labels keep their 11 px on a phone: scaled down
 * from a fixed 720-unit drawing, a 390 px screen showed a 90 px tall chart with 5 px labels.
 */
function useBoxWidth<T extends Element>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(Math.max(measured, MIN_WIDTH));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** '2033-03-02' → '02/03', the day and month an axis label needs. */
function shortDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** Whole, readable steps for an axis maximum (1, 2, 5, 10, 20, 50…), never below 1. */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

type Series = Analytics['series'];

/**
 * Enrollments as bars (left axis) and earnings as a line (right axis), drawn by hand in SVG: two
 * shapes and a few labels do not justify a charting library in the educator chunk. The picture is
 * aria-hidden; its figures are read from the summary and the table beside it.
 */
function TrendsChart({ series, currency }: { series: Series; currency: string }) {
  const { ref, width: WIDTH } = useBoxWidth<HTMLDivElement>();
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const maxEnrollments = niceMax(Math.max(...series.map((d) => d.enrollments)));
  const maxEarnings = niceMax(Math.max(...series.map((d) => d.earnings)));
  const slot = innerW / series.length;
  const x = (index: number) => PAD.left + index * slot + slot / 2;
  const yEnrollments = (value: number) => PAD.top + innerH - (value / maxEnrollments) * innerH;
  const yEarnings = (value: number) => PAD.top + innerH - (value / maxEarnings) * innerH;
  // About one date label per 70 px, so they never run into each other.
  const labelEvery = Math.max(
    series.length > 30 ? 15 : 5,
    Math.ceil(series.length / Math.max(Math.floor(innerW / 70), 1)),
  );
  const line = series.map((d, i) => `${x(i).toFixed(1)},${yEarnings(d.earnings).toFixed(1)}`);

  return (
    <div ref={ref} className="w-full max-w-4xl">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        aria-hidden="true"
        className="block h-auto w-full rounded-md border border-gray-500/20 bg-white"
        data-testid="trends-chart"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className="stroke-gray-300"
        />
        <text
          x={PAD.left - 6}
          y={PAD.top + 4}
          textAnchor="end"
          className="fill-gray-600 text-[11px]"
        >
          {maxEnrollments}
        </text>
        <text
          x={PAD.left - 6}
          y={PAD.top + innerH}
          textAnchor="end"
          className="fill-gray-600 text-[11px]"
        >
          0
        </text>
        <text x={WIDTH - PAD.right + 6} y={PAD.top + 4} className="fill-emerald-800 text-[11px]">
          {formatMoney(maxEarnings, currency, { cents: false })}
        </text>
        {series.map((d, i) => (
          <rect
            key={d.date}
            x={x(i) - Math.max(slot * 0.35, 1)}
            width={Math.max(slot * 0.7, 2)}
            y={yEnrollments(d.enrollments)}
            height={PAD.top + innerH - yEnrollments(d.enrollments)}
            className="fill-blue-500"
          />
        ))}
        <polyline
          points={line.join(' ')}
          fill="none"
          strokeWidth={2}
          className="stroke-emerald-600"
        />
        {series.map((d, i) =>
          i % labelEvery === 0 || i === series.length - 1 ? (
            <text
              key={d.date}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-gray-600 text-[11px]"
            >
              {shortDate(d.date)}
            </text>
          ) : null,
        )}
      </svg>
    </div>
  );
}

function SeriesTable({ series, currency }: { series: Series; currency: string }) {
  return (
    <TableBox label="Inscrições e ganhos por dia">
      <table className={tableClass}>
        <TableHead columns={['Dia', 'Inscrições', 'Ganhos']} />
        <tbody>
          {/* Newest first: today's figures are what an educator looks for. */}
          {[...series].reverse().map((d) => (
            <tr key={d.date} className={rowClass}>
              <td className={cellClass}>
                {new Date(`${d.date}T12:00:00Z`).toLocaleDateString('pt-BR')}
              </td>
              <td className={cellClass}>{d.enrollments}</td>
              <td className={cellClass}>{formatMoney(d.earnings, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

function CourseTable({ courses }: { courses: Analytics['courses'] }) {
  return (
    <TableBox label="Conclusão por curso" scrollHint>
      <table className={`${tableClass} min-w-[32rem]`}>
        <TableHead columns={['Curso', 'Conclusão', 'Onde mais alunos param']} />
        <tbody>
          {courses.length === 0 ? (
            <EmptyRow columns={3}>Nenhum curso ainda.</EmptyRow>
          ) : (
            courses.map((course) => (
              <tr key={course.courseId} className={rowClass}>
                <td className={cellClass}>{course.courseTitle}</td>
                <td className={cellClass}>{course.completionRate}%</td>
                <td className={cellClass}>
                  {course.dropOffLecture
                    ? `${course.dropOffLecture.lectureTitle || 'Aula sem título'} (${course.dropOffLecture.learners} ${course.dropOffLecture.learners === 1 ? 'aluno' : 'alunos'})`
                    : '—'}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

const TRENDS_LOADING = 'Carregando as tendências…';

function Trends({
  analytics,
  days,
  currency,
}: {
  analytics: Analytics;
  days: AnalyticsPeriod;
  currency: string;
}) {
  const { series } = analytics;
  const total = series.reduce((sum, d) => sum + d.enrollments, 0);
  const earned = series.reduce((sum, d) => sum + d.earnings, 0);
  const today = series.at(-1);
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        {`Nos últimos ${days} dias: ${total} ${total === 1 ? 'inscrição' : 'inscrições'} e ${formatMoney(earned, currency)} em ganhos.`}
        {today &&
          ` Hoje: ${today.enrollments} ${today.enrollments === 1 ? 'inscrição' : 'inscrições'}, ${formatMoney(today.earnings, currency)}.`}
      </p>
      <TrendsChart series={series} currency={currency} />
      <p className="flex flex-wrap gap-4 text-xs text-gray-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-3 bg-blue-500" /> Inscrições (eixo esquerdo)
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-emerald-600" /> Ganhos (eixo direito)
        </span>
      </p>
      <details className="max-w-4xl">
        <summary
          className={`cursor-pointer rounded-sm text-sm font-medium text-blue-700 ${focusRing}`}
        >
          Ver os dados do gráfico em tabela
        </summary>
        <div className="mt-3">
          <SeriesTable series={series} currency={currency} />
        </div>
      </details>
      <h3 className="pt-2 text-base font-medium text-slate-900">Conclusão por curso</h3>
      <CourseTable courses={analytics.courses} />
    </div>
  );
}

type EducatorTrendsProps = {
  /** The dashboard loader's analytics for the address's period; null keeps the loader. */
  analytics: Promise<LoadResult<Analytics>> | null;
  currency: string;
};

/**
 * The dashboard's trends: enrollments and earnings per day over 30 or 90 days, and completion per
 * course. The period is in the address (`?dias=90`), so it can be shared and Back returns to it.
 */
export function EducatorTrends({ analytics, currency }: EducatorTrendsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const loadedDays = readDays(searchParams);
  // The period just chosen shows as pressed at once, with the loader while its figures are read.
  const next = navigation.location?.pathname === pathname ? navigation.location : null;
  const days = next ? readDays(new URLSearchParams(next.search)) : loadedDays;
  const headingId = useId();

  function choose(period: AnalyticsPeriod) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (period === 30) params.delete(DAYS_PARAM);
        else params.set(DAYS_PARAM, String(period));
        return params;
      },
      { preventScrollReset: true },
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 sm:max-w-4xl">
        <h2 id={headingId} className="text-lg font-medium text-slate-900">
          Tendências
        </h2>
        <div
          role="group"
          aria-label="Período"
          className="inline-flex rounded-md border border-slate-300"
        >
          {ANALYTICS_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => choose(period)}
              className={`px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${focusRing} ${days === period ? 'bg-slate-900 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`}
            >
              {period} dias
            </button>
          ))}
        </div>
      </div>
      {days === loadedDays ? (
        // A new period is a new boundary: its loader shows instead of the last period's figures.
        <Deferred
          key={loadedDays}
          result={analytics}
          pending={<Loader label={TRENDS_LOADING} />}
          failedTitle="Não foi possível carregar as tendências"
          compact
        >
          {(loaded) => <Trends analytics={loaded} days={loadedDays} currency={currency} />}
        </Deferred>
      ) : (
        <Loader label={TRENDS_LOADING} />
      )}
    </section>
  );
}
