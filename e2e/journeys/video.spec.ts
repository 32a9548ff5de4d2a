import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { addChapter, becomeEducator, chapterCard } from '../support/educator';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { gradientPng } from '../support/png';

/** A 20-second 640×360 video with sound, made once per machine by the OS's ffmpeg. */
function twentySecondVideo(): string {
  const dir = path.join(os.tmpdir(), 'aprendiz-e2e-videos');
  const file = path.join(dir, 'aula-20s.mp4');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=20',
    '-t',
    '20',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mp4',
    partial,
  ]);
  renameSync(partial, file);
  return file;
}

type Playback = { kind: 'hls'; url: string; renditions: string[]; dataCost: string | null };

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('aprendiz.token'));
  if (!token) throw new Error('no session token in the page');
  return token;
}

async function courseIdByTitle(request: APIRequestContext, token: string, title: string) {
  const res = await request.get('/api/educator/courses', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { courses } = (await res.json()) as { courses: { _id: string; courseTitle: string }[] };
  const found = courses.find((course) => course.courseTitle === title);
  if (!found) throw new Error(`course ${title} not listed`);
  return found._id;
}

test.describe('uploaded video', () => {
  test('an educator uploads a video and sees it Pronto; a learner plays it; a copied segment address fails without enrollment', async ({
    page,
    browser,
    request,
    saveScreenshot,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(300_000);
    const video = twentySecondVideo();
    const title = `Vídeo próprio ${testInfo.project.name} ${Date.now().toString(36)}`;

    await becomeEducator(page, 'Vera Vídeo');
    await page
      .getByRole('navigation', { name: 'Área do educador' })
      .getByRole('link', { name: 'Add Course', exact: true })
      .click();
    await page.getByLabel('Course Title').fill(title);
    await page.getByLabel('Course Price').fill('0');
    await page.getByLabel('Discount %').fill('0');
    await page.getByLabel('Course Thumbnail').setInputFiles({
      name: 'miniatura.png',
      mimeType: 'image/png',
      buffer: gradientPng(320, 180),
    });
    await addChapter(page, 'Com vídeo enviado');
    const card = chapterCard(page, 'Com vídeo enviado');
    await card.getByRole('button', { name: '+ Add Lecture' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Lecture' });
    await modal.getByLabel('Lecture Title').fill('Aula gravada');
    await modal.getByLabel('Enviar vídeo').check();
    // The limits are said before a file is chosen.
    await expect(modal.getByText(/Até 4 GB por vídeo/)).toBeVisible();
    await modal.getByLabel('Arquivo de vídeo (MP4, MOV, WebM ou MKV)').setInputFiles(video);
    await expect(modal.getByText('Pronto', { exact: true })).toBeVisible({ timeout: 240_000 });
    // The duration came from the file.
    await expect(modal.getByLabel('Duration (minutes)')).toHaveValue('0.33');
    // Captions: an SRT file, converted by the server.
    await modal.getByLabel('Legenda em português (WebVTT ou SRT)').setInputFiles({
      name: 'legenda.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from(
        '1\n00:00:01,000 --> 00:00:03,000\nOlá, turma!\n\n2\n00:00:12,000 --> 00:00:14,000\nAgora o exemplo.\n',
      ),
    });
    await expect(modal.getByText('Legenda salva (2 falas).')).toBeVisible();
    await saveScreenshot('video-01-upload-pronto');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(card).toContainText('Aula gravada - 0.33 min - Vídeo enviado - Paga');
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();

    const courseId = await courseIdByTitle(request, await tokenOf(page), title);
    const course = (await (await request.get(`/api/course/${courseId}`)).json()) as {
      courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] };
    };
    const lectureId = course.courseData.courseContent[0]!.chapterContent[0]!.lectureId;

    // A learner enrolls and plays it.
    const learner = { name: 'Lia Aprendiz', email: uniqueEmail('video'), password: 'segredo-123' };
    const token = await signUpThroughApi(request, learner);
    const auth = { Authorization: `Bearer ${token}` };
    expect(
      (
        await request.post('/api/user/enroll-free-course', { data: { courseId }, headers: auth })
      ).ok(),
    ).toBe(true);
    const use = testInfo.project.use;
    const context = await browser.newContext({
      baseURL: use.baseURL,
      viewport: use.viewport,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
      userAgent: use.userAgent,
      locale: use.locale,
      timezoneId: use.timezoneId,
      serviceWorkers: 'block',
    });
    const learnerPage = await context.newPage();
    await learnerPage.goto(`/player/${courseId}`);
    await signIn(learnerPage, learner.email, learner.password);
    const player = learnerPage.getByTestId('video-player');
    await expect(player.getByText('≈ 1 MB em 240p · 2 MB em 360p')).toBeVisible({
      timeout: 30_000,
    });
    const media = player.locator('hls-video');
    await media.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      element.playbackRate = 1.5;
      return element.play();
    });
    await expect
      .poll(() => media.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(1);
    expect(await media.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
    // Captions on, and the transcript takes the video to a line.
    expect(
      await media.evaluate((element: HTMLVideoElement) => {
        const track = element.textTracks[0];
        if (track) track.mode = 'showing';
        return track?.language;
      }),
    ).toBe('pt-BR');
    await media.evaluate((element: HTMLVideoElement) => element.pause());
    await player.getByRole('button', { name: 'Transcrição' }).click();
    await player.getByRole('button', { name: /Agora o exemplo\./ }).click();
    await expect
      .poll(() => media.evaluate((element: HTMLVideoElement) => Math.floor(element.currentTime)))
      .toBe(12);
    // 'Poupar dados' holds playback at 240p.
    await player.getByLabel('Poupar dados (240p)').check();
    await saveScreenshot('video-02-playing', learnerPage);

    // The playback address works for the learner and for nobody who is not enrolled.
    const playback = (await (
      await request.get(`/api/course/${courseId}/lectures/${lectureId}/playback`, { headers: auth })
    ).json()) as { playback: Playback };
    expect(playback.playback.renditions).toEqual(['240p', '360p', 'audio']);
    const segment = playback.playback.url.replace(/master\.m3u8$/, '240p/seg_00000.m4s');
    expect((await request.get(segment)).status()).toBe(200);
    const stranger = await signUpThroughApi(request, {
      name: 'Sem Matrícula',
      email: uniqueEmail('estranho'),
      password: 'segredo-123',
    });
    const refused = await request.get(`/api/course/${courseId}/lectures/${lectureId}/playback`, {
      headers: { Authorization: `Bearer ${stranger}` },
    });
    expect(refused.status()).toBe(403);
    // Another token's signature on this address is refused.
    const forged = segment.replace(/\/video\/[^/]+\//, '/video/QUJD.AAAAAAAAAAAAAAAAAAAAAAAA/');
    expect((await request.get(forged)).status()).toBe(403);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
