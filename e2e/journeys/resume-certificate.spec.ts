import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { courseTotalMinutes, formatMinutes } from '@aprendiz/contract/rules/duration';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { renderPdf } from '../support/pdf';
import { isSeededCourse } from '../support/public';
import {
  pauseVideo,
  playFrom,
  serveYouTubeStandIn,
  videoStart,
  videoTime,
} from '../support/youtube-stand-in';
import { myCourseEntry } from '../support/my-courses';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

type Lecture = { lectureId: string; lectureTitle: string; lectureDuration: number };
type Course = {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
  totalLectures: number;
  educator: { _id: string };
  courseContent: { chapterContent: Lecture[] }[];
};
type Account = { email: string; password: string; token: string; name: string };

/** Aborts every other host, then serves the YouTube iframe API stand-in (the later route wins). */
async function prepare(page: Page, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await serveYouTubeStandIn(page);
}

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await prepare(page, baseURL);
});

/** A seeded free course whose first chapter has two lectures or more. */
async function freeCourse(request: APIRequestContext): Promise<Course> {
  const response = await request.get('/api/course/all');
  const { courses } = (await response.json()) as { courses: Course[] };
  for (const entry of courses.filter(isSeededCourse)) {
    if (Math.round(entry.coursePrice * (100 - entry.discount)) !== 0) continue;
    const detail = (await (await request.get(`/api/course/${entry._id}`)).json()) as {
      courseData: Course;
    };
    if ((detail.courseData.courseContent[0]?.chapterContent.length ?? 0) >= 2) {
      return detail.courseData;
    }
  }
  throw new Error('the seed has no free course with two lectures in its first chapter');
}

/** A new local account enrolled in the course, made through the API (the UI journeys exist elsewhere). */
async function enrolledAccount(
  request: APIRequestContext,
  course: Course,
  name: string,
): Promise<Account> {
  const account = { name, email: uniqueEmail('retoma'), password: 'segredo-123' };
  const token = await signUpThroughApi(request, account);
  const enroll = await request.post('/api/user/enroll-free-course', {
    data: { courseId: course._id },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enroll.ok()).toBe(true);
  return { ...account, token };
}

/** Opens the player signed out, and signs in from the dialog it opens. */
async function openPlayerSignedIn(page: Page, course: Course, account: Account): Promise<void> {
  await page.goto(`/player/${course._id}`);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
}

/** A second browser, as on another device: same viewport kind, nothing shared with the first. */
async function otherDevice(browser: Browser, testInfo: TestInfo, baseURL: string) {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    timezoneId: use.timezoneId,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await prepare(page, baseURL);
  return { context, page };
}

function resumePoint(request: APIRequestContext, course: Course, account: Account) {
  return request
    .get(`/api/user/resume/${course._id}`, {
      headers: { Authorization: `Bearer ${account.token}` },
    })
    .then((response) => response.json() as Promise<{ lectureId: string; seconds: number }>);
}

test.describe('resume, certificate and reviews', () => {
  test('a video left at 0:42 opens there on another device', async ({
    page,
    request,
    browser,
    baseURL,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(120_000);
    const course = await freeCourse(request);
    const second = course.courseContent[0]!.chapterContent[1]!;
    const account = await enrolledAccount(request, course, 'Aluna Retoma');

    await openPlayerSignedIn(page, course, account);
    await page.getByRole('button', { name: `Assistir: 1.2 ${second.lectureTitle}` }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `1.2 ${second.lectureTitle}` }),
    ).toBeVisible();
    await expect.poll(() => videoTime(page)).not.toBeNull();
    await playFrom(page, 42);
    // Leaving the page while the video plays: only the beacon sent as the page hides saves it.
    await page.goto('/');
    // The video plays on until the page hides: the beacon carries 42, or a second more on a slow run.
    await expect
      .poll(async () => {
        const point = await resumePoint(request, course, account);
        return point.lectureId === second.lectureId && point.seconds >= 42 && point.seconds <= 44;
      })
      .toBe(true);
    const left = (await resumePoint(request, course, account)).seconds;

    const other = await otherDevice(browser, testInfo, baseURL!);
    try {
      await openPlayerSignedIn(other.page, course, account);
      await expect(
        other.page.getByRole('heading', { level: 2, name: `1.2 ${second.lectureTitle}` }),
      ).toBeVisible();
      await expect(other.page.getByText('Retomar: continue de onde parou')).toBeVisible();
      await expect.poll(() => videoStart(other.page)).toBe(left);
      expect(await videoTime(other.page)).toBeGreaterThanOrEqual(left);
      await expectAccessible(other.page);
      await saveScreenshot('player-resumed-at-0-42', other.page);

      // A pause saves at once, through the authenticated call.
      await playFrom(other.page, 75);
      const saved = other.page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/user/lecture-position') &&
          response.request().method() === 'POST',
      );
      await pauseVideo(other.page);
      expect(await (await saved).json()).toMatchObject({ success: true, seconds: 75 });
      await expect
        .poll(() => resumePoint(request, course, account))
        .toMatchObject({ lectureId: second.lectureId, seconds: 75 });
    } finally {
      await other.context.close();
    }
  });

  test('a completed course gives a certificate whose page verifies it and shares it, and whose PDF says so', async ({
    page,
    request,
    browser,
    baseURL,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(120_000);
    const course = await freeCourse(request);
    const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent);
    const account = await enrolledAccount(request, course, 'Joana Conceição');
    // Every lecture but the last is marked through the API; the learner finishes the last one.
    for (const lecture of lectures.slice(0, -1)) {
      const marked = await request.post('/api/user/update-course-progress', {
        data: { courseId: course._id, lectureId: lecture.lectureId },
        headers: { Authorization: `Bearer ${account.token}` },
      });
      expect(marked.ok()).toBe(true);
    }
    await openPlayerSignedIn(page, course, account);
    await page.getByRole('button', { name: 'Marcar como concluído' }).click();
    await expect(
      page.getByText('Parabéns! Você concluiu todas as aulas deste curso.'),
    ).toBeVisible();

    await page.goto('/my-enrollments');
    const entry = myCourseEntry(page, course.courseTitle, isMobile);
    await entry.getByRole('button', { name: /^Certificado/ }).click();
    await expect(page).toHaveURL(/\/certificate\/[A-Za-z0-9_-]{22}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const address = `${baseURL}/certificate/${id}`;
    const hours = formatMinutes(courseTotalMinutes(course.courseContent));

    // The PDF, as a person opening it sees it: rendered by pdf.js in another tab, its text read back.
    const pdfPage = await page.context().newPage();
    const download = await request.get(`/api/certificate/${id}/pdf`);
    expect(download.headers()['content-type']).toBe('application/pdf');
    const pdf = await download.body();
    const { pages, text } = await renderPdf(pdfPage, pdf);
    expect(pages).toBe(1);
    expect(text).toMatch(/^Aprendiz\s+Certificado de conclusão\s/);
    for (const expected of [
      'Joana Conceição',
      course.courseTitle,
      `Carga horária: ${hours}`,
      `Emitido por Aprendiz · Código do certificado: ${id}`,
      address,
    ]) {
      expect(text).toContain(expected);
    }
    await saveScreenshot('certificate-pdf', pdfPage);
    await pdfPage.close();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Certificado de conclusão' }),
    ).toBeVisible();
    // The page's own text: the signed-in bar greets Joana by name too.
    const certificate = page.getByRole('main');
    await expect(certificate.getByText('Certificado verificado')).toBeVisible();
    await expect(certificate.getByText('Joana Conceição', { exact: true })).toBeVisible();
    await expect(certificate.getByText(course.courseTitle, { exact: true })).toBeVisible();
    await expect(certificate.getByRole('img', { name: 'Aprendiz' }).first()).toBeVisible();
    await expect(certificate.getByText(`Emitido por Aprendiz`)).toBeVisible();
    await expect(certificate.getByText(id, { exact: true })).toBeVisible();
    await expect(certificate.getByText(hours, { exact: true })).toBeVisible();
    await expect(
      certificate.getByRole('img', { name: `QR code do endereço deste certificado: ${address}` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Baixar PDF' })).toHaveAttribute(
      'href',
      `/api/certificate/${id}/pdf`,
    );

    // Scrolled to the end, the phone's fixed tab bar sits over the footer in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await saveScreenshot('certificate', page);

    // 'Copiar link' puts the certificate's public address on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL!,
    });
    await page.getByRole('button', { name: 'Copiar link' }).click();
    await expect(page.getByText('Link do certificado copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // 'Adicionar ao LinkedIn' opens LinkedIn's add-to-profile form filled in, in a new tab.
    const { certificate: issued } = (await (
      await request.get(`/api/certificate/${id}`)
    ).json()) as { certificate: { completedAt: string } };
    const completed = new Date(issued.completedAt);
    const linkedIn = page.getByRole('link', { name: 'Adicionar ao LinkedIn (abre em nova aba)' });
    await expect(linkedIn).toHaveAttribute(
      'href',
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME' +
        `&name=${encodeURIComponent(course.courseTitle)}` +
        `&organizationName=Aprendiz&issueYear=${completed.getUTCFullYear()}` +
        `&issueMonth=${completed.getUTCMonth() + 1}` +
        `&certUrl=${encodeURIComponent(address)}&certId=${id}`,
    );
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    await expectAccessible(page);

    // Anyone with the address verifies it, signed in or not.
    const stranger = await otherDevice(browser, testInfo, baseURL!);
    try {
      await stranger.page.goto(`/certificate/${id}`);
      await expect(
        stranger.page.getByRole('main').getByText('Joana Conceição', { exact: true }),
      ).toBeVisible();
    } finally {
      await stranger.context.close();
    }
  });

  test('an address that names no certificate says so and leads on to the courses', async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    const response = await page.goto(`/certificate/${'A'.repeat(22)}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Certificado não encontrado' }),
    ).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot('certificate-not-found', page);
    await page.getByRole('main').getByRole('link', { name: 'Ver cursos' }).click();
    await expect(page).toHaveURL(/\/course-list$/);
  });

  test('a written review shows, as text, on the course page', async ({
    page,
    request,
    saveScreenshot,
  }, testInfo) => {
    test.setTimeout(90_000);
    const course = await freeCourse(request);
    // Each viewport's run reviews the same course: the reviewer's name tells the two apart.
    const reviewer = `Rita Revisora ${testInfo.project.name}`;
    const account = await enrolledAccount(request, course, reviewer);
    const review = `Explica tudo com calma <b>sem pressa</b> ${Date.now()}`;

    await openPlayerSignedIn(page, course, account);
    const stars = page.getByRole('radiogroup', { name: 'Avalie este curso:' });
    await stars
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '5 estrelas' }) })
      .click();
    await expect(page.getByText('Avaliação registrada com sucesso')).toBeVisible();
    await page.getByRole('textbox', { name: 'Escreva a sua avaliação (opcional)' }).fill(review);
    const published = page.waitForResponse((response) =>
      response.url().endsWith('/api/user/add-rating'),
    );
    await page.getByRole('button', { name: 'Publicar avaliação' }).click();
    expect((await published).ok()).toBe(true);

    await page.goto(`/course/${course._id}`);
    const section = page.getByRole('region', { name: 'Avaliações dos alunos' });
    const written = section.getByRole('article', { name: `Avaliação de ${reviewer}` });
    await expect(written).toContainText(review);
    // Shown as the text it is: no <b> element came from it.
    await expect(written.locator('b')).toHaveCount(0);
    await written.scrollIntoViewIfNeeded();
    await saveScreenshot('course-page-review', page, { fullPage: false });
  });
});
