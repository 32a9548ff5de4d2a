/**
 * The form in which search text is compared: 'Programação' and 'PROGRAMACAO' both become
 * 'programacao', so a visitor without accents on the keyboard still finds what they mean.
 */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether `haystack` contains `needle` once both ignore accents and case; an empty needle always does. */
export function includesForSearch(haystack: string, needle: string): boolean {
  return normalizeForSearch(haystack).includes(normalizeForSearch(needle));
}
