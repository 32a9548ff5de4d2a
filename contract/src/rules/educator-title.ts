/**
 * How an educator is named to learners: 'Educador' or 'Educadora', as the person chose on their
 * profile. Portuguese marks the person's gender in the noun, so the product never guesses it from a
 * name; it says 'Educador' (the generic form) until the person says otherwise.
 */
export const EDUCATOR_TITLES = ['educador', 'educadora'] as const;
export type EducatorTitle = (typeof EDUCATOR_TITLES)[number];

export const DEFAULT_EDUCATOR_TITLE: EducatorTitle = 'educador';

const LABELS: Record<EducatorTitle, string> = { educador: 'Educador', educadora: 'Educadora' };

export function educatorLabel(title: EducatorTitle): string {
  return LABELS[title];
}
