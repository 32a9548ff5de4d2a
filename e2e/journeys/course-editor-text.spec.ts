import type { Locator } from '@playwright/test';
import {
  descriptionEditor,
  fillCourseForm,
  watchDialogs,
  withoutToasts,
} from '../support/educator';
import { expect, signIn, test } from '../support/fixtures';
import { gradientPng } from '../support/png';

/** The seeded demo educator (the server seeds it outside production). */
const EDUCATOR = { email: 'educador@aprendiz.dev', password: 'aprendiz123' };

/** Where the local sign-in keeps the session's bearer token. */
const TOKEN_KEY = 'aprendiz.token';

// Long enough to wrap over several lines on either viewport.
const DESCRIPTION =
  'Aprenda a transformar dados em decisões com exemplos práticos, exercícios guiados e projetos ' +
  'reais que acompanham cada capítulo, desde a primeira folha de cálculo até aos relatórios ' +
  'automáticos que a sua equipa vai ler todas as semanas.';

/**
 * The words of `element` that the browser drew over more than one line. A word is a run of
 * non-space characters, U+00A0 counting as a space: a line break inside one is a break mid-word.
 */
async function wordsBrokenAcrossLines(
  element: Locator,
): Promise<{ lines: number; broken: string[] }> {
  return element.evaluate((root) => {
    const lineBottoms = new Set<number>();
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const bottoms = new Set(
          Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom)),
        );
        bottoms.forEach((bottom) => lineBottoms.add(bottom));
        if (bottoms.size > 1) broken.push(match[0]);
      }
    }
    return { lines: lineBottoms.size, broken };
  });
}

test.describe('course editor text', () => {
  test('when an educator types a description, then it is stored with ordinary spaces and the course page wraps it between words', async ({
    page,
    saveScreenshot,
  }, testInfo) => {
    const dialogs = watchDialogs(page);
    const title = `Dados no dia a dia ${testInfo.project.name} ${Date.now().toString(36)}`;

    // Signed out, /educator opens the sign-in dialog by itself.
    await page.goto('/educator');
    await signIn(page, EDUCATOR.email, EDUCATOR.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Área do educador' })
      .getByRole('link', { name: 'Add Course', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Course' })).toBeVisible();

    const editor = descriptionEditor(page);
    await editor.click();
    await page.keyboard.type(DESCRIPTION);
    await expect(editor).toHaveText(DESCRIPTION);
    await fillCourseForm(page, dialogs, {
      title,
      price: '25',
      discount: '0',
      thumbnail: gradientPng(160, 90),
      // One complete lecture: ADD publishes only what a learner can take.
      chapters: [
        {
          title: 'Começo',
          lectures: [
            { title: 'Aula', minutes: 5, url: 'https://youtu.be/rfscVS0vtbw', preview: true },
          ],
        },
      ],
    });
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();

    // The stored HTML, as the API serves it to every reader of the course.
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const mine = await page.request.get('/api/educator/courses', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(mine.ok()).toBe(true);
    const { courses } = (await mine.json()) as { courses: { _id: string; courseTitle: string }[] };
    const courseId = courses.find((course) => course.courseTitle === title)?._id;
    expect(courseId, 'the new course among the educator’s courses').toBeTruthy();
    const detail = await page.request.get(`/api/course/${courseId}`);
    expect(detail.ok()).toBe(true);
    const stored = ((await detail.json()) as { courseData: { courseDescription: string } })
      .courseData.courseDescription;
    expect(stored).not.toContain('&nbsp;');
    expect(stored).not.toContain('\u00a0');
    expect(stored).toBe(`<p>${DESCRIPTION}</p>`);

    await page.goto(`/course/${courseId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const description = page
      .getByRole('region', { name: 'Descrição do curso' })
      .locator('.rich-text');
    await expect(description).toHaveText(DESCRIPTION);
    const layout = await wordsBrokenAcrossLines(description);
    expect(layout.lines, 'the description wraps, so its breaks are tested').toBeGreaterThan(1);
    expect(layout.broken, 'words drawn over two lines').toEqual([]);
    await withoutToasts(page, () => saveScreenshot('course-editor-text-course-page'));
    expect(dialogs.unexpected).toEqual([]);
  });
});
