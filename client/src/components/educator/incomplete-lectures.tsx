import type {
  IncompleteLectures,
  LectureProblem,
} from '@aprendiz/contract/rules/incomplete-lectures';
import { educatorIcons } from './educator-icons';

const problemLabels: Record<LectureProblem, string> = {
  missingTitle: 'sem título',
  missingVideo: 'sem vídeo',
  unplayableVideo: 'com link de vídeo inválido',
};

/** 'sem título e sem vídeo' */
export function describeLectureProblems(problems: readonly LectureProblem[]): string {
  return problems.map((problem) => problemLabels[problem]).join(' e ');
}

/** 'Aulas incompletas: 1.1 sem título, 2.3 sem vídeo e mais 4'; '' when there are none. */
export function describeIncompleteLectures({ count, lectures }: IncompleteLectures): string {
  if (count === 0) return '';
  const named = lectures
    .map((item) => `${item.chapter}.${item.lecture} ${describeLectureProblems(item.problems)}`)
    .join(', ');
  const unnamed = count - lectures.length;
  const heading = count === 1 ? 'Aula incompleta' : 'Aulas incompletas';
  return `${heading}: ${named}${unnamed > 0 ? ` e mais ${unnamed}` : ''}`;
}

/** One line naming a course's incomplete lectures, or nothing when every lecture is complete. */
export function IncompleteLecturesNote({
  incomplete,
  id,
}: {
  incomplete: IncompleteLectures;
  id?: string;
}) {
  if (incomplete.count === 0) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-xs text-amber-800">
      <span className="mt-px">{educatorIcons.warning}</span>
      <span className="min-w-0 break-words">{describeIncompleteLectures(incomplete)}</span>
    </p>
  );
}
