/**
 * The checkout's history entry, when the course page opened it just above its own: Cancelar then
 * steps back to that entry instead of adding the course page a second time.
 */
export type OpenedFromCourse = { openedFromCourse: string };

export function openedFromCourse(courseId: string): OpenedFromCourse {
  return { openedFromCourse: courseId };
}

export function wasOpenedFromCourse(state: unknown, courseId: string): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'openedFromCourse' in state &&
    state.openedFromCourse === courseId
  );
}
