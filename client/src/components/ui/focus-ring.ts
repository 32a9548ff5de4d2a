// The one spelling of the keyboard focus ring: every focusable thing outside this folder uses these.

/** The ring drawn 2px outside the element (buttons, links, tabs). */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The ring drawn inside the element, where an outer one would be clipped (table cells, list rows). */
export const focusRingInset =
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600';

/** The ring drawn on the element's edge (fields, tight groups). */
export const focusRingFlush = 'focus-visible:outline-2 focus-visible:outline-blue-600';

/** The ring hugging the element with no gap (segmented controls). */
export const focusRingTight =
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600';

/** The ring on a dark or blue background. */
export const focusRingOnDark =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
