import { educatorLabel, type EducatorTitle } from '@aprendiz/contract/rules/educator-title';

/** Marks a post by the course's educator, in the word they chose ('Educador' or 'Educadora'). */
export function EducatorBadge({ title }: { title: EducatorTitle | null }) {
  return (
    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
      {educatorLabel(title ?? 'educador')}
    </span>
  );
}
