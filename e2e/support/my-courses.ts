import type { Page } from '@playwright/test';

/**
 * A course's entry in My Courses: a card (an article named by the course) on a phone, a table row
 * on a desktop.
 */
export function myCourseEntry(page: Page, courseTitle: string, isMobile: boolean) {
  return isMobile
    ? page.getByRole('article', { name: courseTitle })
    : page.getByRole('row').filter({ hasText: courseTitle });
}
