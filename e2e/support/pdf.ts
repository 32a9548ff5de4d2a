import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

// The browser gets pdf.js from a made-up origin through routing, so nothing is fetched from the
// internet.
const require = createRequire(import.meta.url);
const build = path.dirname(require.resolve('pdfjs-dist/build/pdf.min.mjs'));
const ORIGIN = 'http://pdf-render.test';

/**
 * Opens the PDF in `page` with pdf.js, renders its first page to a canvas and reads its text: what a
 * person opening the file would see. Returns the page count and the first page's text.
 */
export async function renderPdf(page: Page, pdf: Buffer): Promise<{ pages: number; text: string }> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'render.html') {
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="pt"><title>PDF</title><body style="margin:0;background:#fff"><canvas id="pdf"></canvas></body></html>',
      });
    }
    if (name === 'pdf.min.mjs' || name === 'pdf.worker.min.mjs') {
      return route.fulfill({
        contentType: 'text/javascript',
        body: readFileSync(path.join(build, name)),
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/render.html`);
  return page.evaluate(
    async ({ base64, origin }) => {
      const pdfjs = await import(`${origin}/pdf.min.mjs`);
      pdfjs.GlobalWorkerOptions.workerSrc = `${origin}/pdf.worker.min.mjs`;
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const doc = await pdfjs.getDocument({ data }).promise;
      const first = await doc.getPage(1);
      const viewport = first.getViewport({ scale: 1.5 });
      const canvas = document.getElementById('pdf') as HTMLCanvasElement;
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      await first.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise;
      const content = await first.getTextContent();
      const text = content.items.map((item: { str?: string }) => item.str ?? '').join(' ');
      return { pages: doc.numPages as number, text };
    },
    { base64: pdf.toString('base64'), origin: ORIGIN },
  );
}
