import { discountDaysLeft, discountDeadlineText } from '@aprendiz/contract/rules/pricing';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Aborts every request that leaves the app's own origin (YouTube, Calendly, any CDN): the test
 * machine has no internet, and a request left hanging would stall the page until the test times out.
 */
export async function blockExternalHosts(page: Page, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const blocked: string[] = [];
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    async (route) => {
      blocked.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  return blocked;
}

/**
 * Waits for the hero's entrance animations (CSS, index.css): axe would otherwise measure the
 * contrast of text that is still half transparent.
 */
export async function settleEntrances(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSAnimation && animation.animationName.startsWith('hero-'),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** No page of the app may scroll sideways (the phone viewport is 390 px wide). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'page width vs viewport width').toBeLessThanOrEqual(widths.viewport);
}

/**
 * Drags the element by (dx, dy) in small steps, as a finger on a touch screen or as the mouse on
 * a desktop: framer-motion listens to pointer events, which both kinds of input produce.
 */
export async function dragBy(
  page: Page,
  target: Locator,
  dx: number,
  dy: number,
  touch: boolean,
): Promise<void> {
  // Centred, so no fixed bar (the phone's bottom navigation) lies over the point pressed.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to drag is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const steps = 10;
  if (touch) {
    // Playwright's touchscreen only taps; the DevTools protocol can press, move and lift a finger.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= steps; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + (dx * step) / steps, y: y + (dy * step) / steps }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps });
  await page.mouse.up();
}

type ApiLecture = { lectureTitle: string; lectureUrl: string; isPreviewFree: boolean };
type ApiChapter = { chapterTitle: string; chapterContent: ApiLecture[] };
type ApiCourse = {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
  /** When the discount ends (ISO); null when it has no end date. */
  discountEndsAt: string | null;
  educator: { _id: string };
  /** The catalogue's category slug; null for a course filed under none. */
  category: string | null;
  courseContent: ApiChapter[];
  ratingCount: number;
};

/**
 * A course of the demo seed, owned by a seeded educator. Journeys that publish courses share the
 * server, so checks that compare against the catalogue use only these.
 */
export function isSeededCourse(course: { educator: { _id: string } }): boolean {
  return course.educator._id.startsWith('usr_seed_') || course.educator._id === 'usr_demo_educator';
}

/** The catalogue as GET /api/course/all lists it. */
export async function listCourses(request: APIRequestContext): Promise<ApiCourse[]> {
  const response = await request.get('/api/course/all');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; courses: ApiCourse[] };
  expect(body.success).toBe(true);
  return body.courses;
}

/**
 * A paid course whose discount ends on a date, with two chapters or more and a free-preview lecture
 * that has a video link (the seed makes several); the catalogue summary carries no chapters, so each
 * is read in full.
 */
export async function findPreviewCourse(
  request: APIRequestContext,
): Promise<{ course: ApiCourse; preview: ApiLecture }> {
  for (const summary of (await listCourses(request)).filter(isSeededCourse)) {
    if (summary.discount <= 0 || summary.discount >= 100 || !summary.discountEndsAt) continue;
    const response = await request.get(`/api/course/${summary._id}`);
    const { courseData } = (await response.json()) as { courseData: ApiCourse };
    if (courseData.courseContent.length < 2) continue;
    const preview = courseData.courseContent
      .flatMap((chapter) => chapter.chapterContent)
      .find((lecture) => lecture.isPreviewFree && lecture.lectureUrl !== '');
    if (preview) return { course: courseData, preview };
  }
  throw new Error(
    'the seed has no dated discount on a course with a free preview and two chapters',
  );
}

/** What the course page says of a dated discount: 'Faltam N dias a este preço!', N counted now. */
export function discountDeadline(course: ApiCourse): string {
  const days = discountDaysLeft(course.discount, course.discountEndsAt);
  if (days === null) throw new Error(`${course.courseTitle} has no dated discount`);
  return discountDeadlineText(days);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A chapter of the course page's structure: a native disclosure (`<details>`, role group, `open`
 * while its lectures show) titled by its heading, which the toggle (`<summary>`) holds.
 */
export function courseChapter(
  structure: Locator,
  title: string,
): { chapter: Locator; toggle: Locator } {
  const chapter = structure.getByRole('group').filter({
    has: structure
      .page()
      .getByRole('heading', { level: 3, name: new RegExp(`^${escapeRegExp(title)}`) }),
  });
  return { chapter, toggle: chapter.locator('summary') };
}

/** Opens every closed chapter of the course page's structure. */
export async function openEveryChapter(structure: Locator): Promise<void> {
  const closed = structure.locator('details:not([open]) > summary');
  while ((await closed.count()) > 0) await closed.first().click();
}
