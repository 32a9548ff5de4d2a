import type { CourseSearchResponse } from '@aprendiz/contract/courses';
import { Link } from 'react-router-dom';
import { CourseCard } from '../../../components/course-card';
import { ServerDrawnList } from '../../../components/server-drawn-list';
import { focusRing } from '../../../components/ui/focus-ring';
import { paths } from '../../../config/paths';

function quoted(words: readonly string[]): string {
  return words.map((word) => `“${word}”`).join(', ');
}

/**
 * Under the count: why the list is not of courses holding every word. Either some words no course
 * holds (the list is of courses with the others: one unknown word never empties the page), or no
 * single course holds them all (the list is of courses with some of them).
 */
export function UnmatchedWords({ result }: { result: CourseSearchResponse }) {
  const missing = result.unmatchedWords ?? [];
  if (result.total === 0) return null;
  if (missing.length === 0) {
    if (!result.partialMatch) return null;
    return (
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Nenhum curso tem todas as palavras; mostrando os que têm algumas.
      </p>
    );
  }
  return (
    <p className="-mt-2 mb-4 text-sm text-slate-600">
      {missing.length === 1 ? 'Nenhum curso tem a palavra ' : 'Nenhum curso tem as palavras '}
      {quoted(missing)}: mostramos os que têm as outras.
    </p>
  );
}

/**
 * When nothing matched: 'Você quis dizer …?' with the catalogue's nearest words, each a search of
 * its own, then the most popular courses, so the page is never a dead end.
 */
export function NoMatch({
  result,
  cardSizes,
}: {
  result: CourseSearchResponse;
  cardSizes: string;
}) {
  const nearest = result.didYouMean ?? [];
  const popular = result.popular ?? [];
  return (
    <div className="flex flex-col gap-8">
      {nearest.length > 0 && (
        <p className="text-lg text-slate-800">
          Você quis dizer{' '}
          {nearest.map((word, index) => (
            <span key={word}>
              {index > 0 && (index === nearest.length - 1 ? ' ou ' : ', ')}
              <Link
                to={paths.courseList(word)}
                className={`rounded-sm font-semibold text-blue-700 underline ${focusRing}`}
              >
                {word}
              </Link>
            </span>
          ))}
          ?
        </p>
      )}
      {popular.length > 0 && (
        <section aria-labelledby="popular-heading">
          <h3 id="popular-heading" className="mb-4 text-xl font-semibold text-slate-900">
            Cursos mais populares
          </h3>
          <ServerDrawnList items={popular} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {popular.map((course) => (
              <li key={course._id}>
                <CourseCard course={course} thumbnailSizes={cardSizes} />
              </li>
            ))}
          </ServerDrawnList>
        </section>
      )}
    </div>
  );
}
