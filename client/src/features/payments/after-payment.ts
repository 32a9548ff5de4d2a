/**
 * What the checkout hands the loading screen through the history entry's state: the title of the
 * course just paid for. The entry keeps it across a reload; a payment provider's return has none.
 */
export type AfterPaymentState = { paidCourseTitle: string };

export function afterPayment(courseTitle: string): AfterPaymentState {
  return { paidCourseTitle: courseTitle };
}

export function paidCourseTitle(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('paidCourseTitle' in state)) return null;
  const { paidCourseTitle: title } = state;
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}
