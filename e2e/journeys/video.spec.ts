import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { addChapter, becomeEducator, chapterCard } from '../support/educator';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { gradientPng } from '../support/png';

/**
 * A 40-second 640×360 video with sound, made once per machine by the OS's ffmpeg: long enough that
 * a second in its middle is one the player resumes at (the last 15 s of a lecture count as its end).
 */
function fortySecondVideo(): string {
  const dir = path.join(os.tmpdir(), 'aprendiz-e2e-videos');
  const file = path.join(dir, 'aula-40s.mp4');
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
    'sine=frequency=440:duration=40',
    '-t',
    '40',
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

/** The part of hls.js the journey reads: which level plays, and whether it still picks by itself. */
type HlsApi = { autoLevelEnabled: boolean; loadLevel: number; levels: { height: number }[] };

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
    const video = fortySecondVideo();
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
    await expect(modal.getByLabel('Duration (minutes)')).toHaveValue('0.67');
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
    await expect(card).toContainText('Aula gravada - 0.67 min - Vídeo enviado - Paga');
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
    await expect(player.getByText('≈ 2 MB em 240p · 4 MB em 360p')).toBeVisible({
      timeout: 30_000,
    });
    const media = player.locator('hls-video');
    // Everything the learner does from here goes through the player's own controls.
    const learnerStarted = Date.now();
    await player.locator('media-play-button').click();
    await expect
      .poll(() => media.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(1);
    // Paused from its button, so the video does not run out while the menus are used.
    await player.locator('media-play-button').click();
    await expect
      .poll(() => media.evaluate((element: HTMLVideoElement) => element.paused))
      .toBe(true);
    // Quality: 240p from the quality menu holds hls.js there (no longer automatic).
    await player.locator('media-rendition-menu-button').click();
    const qualities = player.locator('media-rendition-menu');
    await qualities.getByText('240p', { exact: true }).click();
    await expect
      .poll(() =>
        media.evaluate((element: HTMLVideoElement & { api?: HlsApi | null }) => {
          const api = element.api;
          return api && !api.autoLevelEnabled ? api.levels[api.loadLevel]?.height : null;
        }),
      )
      .toBe(240);
    // Speed: 1.5× from the speed menu, remembered on this device.
    await player.locator('media-playback-rate-menu-button').click();
    await player.locator('media-playback-rate-menu').getByText('1.5x', { exact: true }).click();
    await expect
      .poll(() => media.evaluate((element: HTMLVideoElement) => element.playbackRate))
      .toBe(1.5);
    expect(await learnerPage.evaluate(() => localStorage.getItem('aprendiz.playbackRate'))).toBe(
      '1.5',
    );
    // Captions: on from the captions button, in Portuguese.
    await player.locator('media-captions-menu-button').click();
    await player
      .locator('media-captions-menu')
      .getByText('Português (Brasil)', { exact: true })
      .click();
    await expect
      .poll(() =>
        media.evaluate((element: HTMLVideoElement) =>
          Array.from({ length: element.textTracks.length }, (_, i) => element.textTracks[i]!)
            .filter((track) => track.mode === 'showing')
            .map((track) => track.language),
        ),
      )
      .toEqual(['pt-BR']);
    await saveScreenshot('video-02-playing', learnerPage);
    // The transcript takes the video to a line; played from there and paused, the second is saved.
    await player.getByRole('button', { name: 'Transcrição' }).click();
    await player.getByRole('button', { name: /Agora o exemplo\./ }).click();
    await player.locator('media-play-button').click();
    await expect
      .poll(() => media.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(12.5);
    const paused = learnerPage.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/user/lecture-position' &&
        response.request().method() === 'POST',
    );
    await player.locator('media-play-button').click();
    await paused;
    const left = await media.evaluate((element: HTMLVideoElement) => element.currentTime);
    expect(left).toBeGreaterThanOrEqual(12);

    // Away to My Courses and back: the video opens at the second it was left at.
    if (use.isMobile) {
      await learnerPage
        .getByRole('navigation', { name: 'Navegação inferior' })
        .getByRole('link', { name: 'Cursos', exact: true })
        .click();
    } else {
      await learnerPage.getByRole('link', { name: 'My Enrollments', exact: true }).click();
    }
    await expect(learnerPage.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
    await learnerPage
      .getByRole('link', { name: /^Continuar/ })
      .locator('visible=true')
      .first()
      .click();
    const back = learnerPage.getByTestId('video-player').locator('hls-video');
    await expect
      .poll(() => back.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(left - 1);
    expect(
      Math.abs((await back.evaluate((element: HTMLVideoElement) => element.currentTime)) - left),
    ).toBeLessThanOrEqual(1);
    // The speed chosen before is the one it plays at now.
    expect(await back.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
    testInfo.annotations.push({
      type: 'learner-controls-ms',
      description: String(Date.now() - learnerStarted),
    });
    await saveScreenshot('video-03-resumed', learnerPage);

    // 'Poupar dados' is also a setting of the profile, for this device: the player then starts there.
    await learnerPage.goto('/profile');
    const videoSettings = learnerPage.getByRole('group', { name: 'Vídeo' });
    await videoSettings.getByRole('checkbox', { name: 'Poupar dados (240p)' }).check();
    await saveScreenshot('video-04-profile-poupar-dados', learnerPage, { fullPage: true });
    await learnerPage.goBack();
    await expect(
      learnerPage
        .getByTestId('video-player')
        .getByRole('checkbox', { name: 'Poupar dados (240p)' }),
    ).toBeChecked();

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
