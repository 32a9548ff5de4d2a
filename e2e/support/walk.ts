import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoHorizontalOverflow, settleAnimations, withoutToasts } from './educator';
import { signIn, signUpThroughApi, test, uniqueEmail } from './fixtures';
import { blockExternalHosts } from './public';

/** A lecture and a course as GET /api/course/:id sends them, as far as the walk journeys read them. */
export type Lecture = { lectureId: string; lectureTitle: string };
export type Course = {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
  educator: { _id: string };
  courseContent: { chapterTitle: string; chapterContent: Lecture[] }[];
};

/** The password of every account the walk journeys make. */
export const WALK_PASSWORD = 'segredo-123';

export type Account = { email: string; token: string };

/** A new local account made through the API: the walk journeys are about what follows. */
export async function account(request: APIRequestContext, name: string): Promise<Account> {
  const email = uniqueEmail('walk');
  return {
    email,
    token: await signUpThroughApi(request, { name, email, password: WALK_PASSWORD }),
  };
}

export const bearer = (who: Account) => ({ Authorization: `Bearer ${who.token}` });

/** Desktop runs at the 1366×768 of the walk that found the issues; the phone stays 390×844. */
export async function useWalkViewport(page: Page, isMobile: boolean): Promise<void> {
  if (!isMobile) await page.setViewportSize({ width: 1366, height: 768 });
}

/**
 * Called once at the top of a walk spec: each of its tests starts at the walk's screen with no
 * internet, YouTube and every other host refused at once, as a blocked network would.
 */
export function setUpWalk(): void {
  // The app registers a service worker, whose requests page.route could not see.
  test.use({ serviceWorkers: 'block' });
  test.beforeEach(async ({ page, baseURL, isMobile }) => {
    if (!baseURL) throw new Error('the config sets baseURL');
    await blockExternalHosts(page, baseURL);
    await useWalkViewport(page, isMobile);
  });
}

/** Opens a page that asks signed-out visitors to sign in, and signs in from the dialog it opens. */
export async function signInAt(page: Page, path: string, who: Account): Promise<void> {
  await page.goto(path);
  await signIn(page, who.email, WALK_PASSWORD);
}

/** Checks the page fits its width and is accessible, then saves its picture without toasts. */
export async function shoot(
  page: Page,
  name: string,
  saveScreenshot: (name: string, page?: Page, options?: { fullPage?: boolean }) => Promise<void>,
  expectAccessible: (page?: Page) => Promise<void>,
  fullPage = true,
): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await settleAnimations(page);
  await expectAccessible(page);
  await withoutToasts(page, () => saveScreenshot(name, page, { fullPage }));
}
