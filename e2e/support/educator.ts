import { expect, type Locator, type Page } from '@playwright/test';
import { signUp, withStyle } from './fixtures';

export type LectureSpec = { title: string; minutes: number; url: string; preview: boolean };
export type ChapterSpec = { title: string; lectures: LectureSpec[] };
export type CourseSpec = {
  title: string;
  price: string;
  discount: string;
  thumbnail: Buffer;
  chapters: ChapterSpec[];
};

export type DialogWatch = {
  /**
   * Every browser dialog that opened: the app asks through its own dialogs (a chapter's name too),
   * so an alert from injected markup or a native prompt lands here.
   */
  unexpected: string[];
};

/** Records and dismisses every native dialog, so none can hide behind one the test accepted. */
export function watchDialogs(page: Page): DialogWatch {
  const unexpected: string[] = [];
  page.on('dialog', (dialog) => {
    unexpected.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { unexpected };
}

/** '+ Add Chapter' opens the 'Novo capítulo' dialog; this names the chapter there. */
export async function addChapter(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: '+ Add Chapter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo capítulo' });
  await dialog.getByLabel('Nome do capítulo').fill(title);
  await dialog.getByRole('button', { name: 'Adicionar capítulo' }).click();
  await expect(dialog).toBeHidden();
}

/** 'Tornar-se educador' changes the account for good, so it asks first: this says yes. */
export async function confirmBecomeEducator(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Tornar-se educador' });
  await dialog.getByRole('button', { name: 'Sim, tornar-me educador' }).click();
}

/** Signs up a new user at /educator and takes the role from the offer there; ends on the dashboard. */
export async function becomeEducator(page: Page, name: string): Promise<void> {
  await page.goto('/educator');
  await signUp(page, name);
  await page.getByRole('main').getByRole('button', { name: 'Tornar-se educador' }).click();
  await confirmBecomeEducator(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Spec-independent layout rule: no page of the app may scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'page width vs viewport width').toBeLessThanOrEqual(widths.viewport);
}

/** The add-course form's chapter card for the chapter with this title. */
export function chapterCard(page: Page, title: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Remover capítulo ${title}`, exact: true }) });
}

/** Fills every field of /educator/add-course but the description, and builds the chapters. */
export async function fillCourseForm(
  page: Page,
  dialogs: DialogWatch,
  course: CourseSpec,
  /** Runs once, with the first lecture's modal filled in and still open. */
  onLectureModal?: (modal: Locator) => Promise<void>,
): Promise<void> {
  let modalShown = false;
  await page.getByLabel('Course Title').fill(course.title);
  await page.getByLabel('Course Price').fill(course.price);
  await page.getByLabel('Discount %').fill(course.discount);
  await page.getByLabel('Course Thumbnail').setInputFiles({
    name: 'miniatura.png',
    mimeType: 'image/png',
    buffer: course.thumbnail,
  });
  await expect(page.getByRole('img', { name: 'Pré-visualização da miniatura' })).toBeVisible();

  for (const chapter of course.chapters) {
    await addChapter(page, chapter.title);
    const card = chapterCard(page, chapter.title);
    await expect(card).toContainText('0 aulas');
    for (const [index, lecture] of chapter.lectures.entries()) {
      await card.getByRole('button', { name: '+ Add Lecture' }).click();
      const modal = page.getByRole('dialog', { name: 'Add Lecture' });
      await modal.getByLabel('Lecture Title').fill(lecture.title);
      await modal.getByLabel('Duration (minutes)').fill(String(lecture.minutes));
      await modal.getByLabel('Lecture URL').fill(lecture.url);
      if (lecture.preview) await modal.getByLabel('Is Preview Free?').check();
      if (onLectureModal && !modalShown) {
        modalShown = true;
        await onLectureModal(modal);
      }
      await modal.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(modal).toBeHidden();
      const count = index + 1;
      await expect(card).toContainText(count === 1 ? '1 aula' : `${count} aulas`);
      await expect(card).toContainText(
        `${lecture.title} - ${lecture.minutes} min - ${lecture.url ? 'Link' : 'Sem link'} - ${lecture.preview ? 'Prévia grátis' : 'Paga'}`,
      );
    }
  }
  // Chapters are named in the app's own dialog: the browser's prompt never opened.
  expect(dialogs.unexpected).toEqual([]);
}

/** The Quill editor of the add-course form (named by its label through aria-labelledby). */
export function descriptionEditor(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Course Description' });
}

/** Pastes HTML into Quill the way a browser paste does: a paste event carrying text/html. */
export async function pasteHtml(editor: Locator, html: string): Promise<void> {
  await editor.click();
  await editor.evaluate((element, markup) => {
    const data = new DataTransfer();
    data.setData('text/html', markup);
    data.setData('text/plain', markup);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

/** The figure a dashboard stat card shows above its label. */
export function statValue(page: Page, label: string): Locator {
  return page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::p[1]');
}

/**
 * Waits for the short animations running now (a toast sliding in) to end: axe measures colour
 * contrast on whatever frame it sees, and a half-faded toast fails it. Spinners never end and a
 * toast's progress bar runs for seconds, so only animations under a second are waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const short = document.getAnimations().filter((animation) => {
      const { duration, iterations } = animation.effect?.getComputedTiming() ?? {};
      return typeof duration === 'number' && duration < 1000 && iterations !== Infinity;
    });
    await Promise.all(short.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs `action` (a screenshot) with the toasts hidden, so it shows the page under them; the toasts
 * themselves have been read and checked by then, and closing them would race their own timer.
 */
export function withoutToasts(page: Page, action: () => Promise<void>): Promise<void> {
  return withStyle(page, '.Toastify { display: none !important; }', action);
}

/**
 * The content of `inner` (its text, not its box: a table cell spans the whole table) is drawn wholly
 * inside `box`, not in the part of a scrolling table that is out of sight.
 */
export async function expectInside(inner: Locator, box: Locator): Promise<void> {
  await expect(inner).toBeVisible();
  const content = await inner.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });
  const frame = await box.boundingBox();
  if (!frame) throw new Error('expectInside: the box has no layout box');
  expect(content.left, 'content starts inside the box').toBeGreaterThanOrEqual(frame.x);
  expect(content.right, 'content ends inside the box').toBeLessThanOrEqual(frame.x + frame.width);
}
