import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { directUploadFor, forgetDirectUpload } from './direct-upload';

const grant = (videoId: string) => ({
  videoId,
  endpoint: 'https://video.bunnycdn.com/tusupload',
  headers: {
    AuthorizationSignature: 'sig',
    AuthorizationExpire: '1',
    VideoId: videoId,
    LibraryId: '1',
  },
  metadata: { title: 'aula.mp4', filetype: 'video/mp4' },
  expiresAt: '2026-11-29T00:00:00.000Z',
});

const file = () => new File(['abc'], 'aula.mp4', { type: 'video/mp4', lastModified: 1000 });

afterEach(() => localStorage.clear());

describe('directUploadFor', () => {
  it('when a file is chosen for the first time, then a new video is asked for with its name, size and type', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, upload: grant('v1') },
    }));
    const answer = await directUploadFor(file());
    expect(answer).toEqual({ ok: true, upload: grant('v1') });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      [
        'POST',
        '/api/educator/videos/direct-uploads',
        { filename: 'aula.mp4', bytes: 3, type: 'video/mp4' },
      ],
    ]);
  });

  it('when the same file is chosen again before it finished, then the same video gets fresh headers', async () => {
    stubApi(() => ({ status: 201, data: { success: true, upload: grant('v1') } }));
    await directUploadFor(file());
    const { calls } = stubApi(() => ({ data: { success: true, upload: grant('v1') } }));
    expect(await directUploadFor(file())).toEqual({ ok: true, upload: grant('v1') });
    expect(calls.map((c) => c.url)).toEqual(['/api/educator/videos/v1/direct-upload']);
  });

  it('when the earlier video is gone or finished, then a new one is made; once an upload ends, the file is forgotten', async () => {
    stubApi(() => ({ status: 201, data: { success: true, upload: grant('v1') } }));
    await directUploadFor(file());
    const { calls } = stubApi((req) =>
      req.url.endsWith('/direct-upload')
        ? { status: 409, data: { success: false, message: 'O envio deste vídeo já terminou.' } }
        : { status: 201, data: { success: true, upload: grant('v2') } },
    );
    expect(await directUploadFor(file())).toEqual({ ok: true, upload: grant('v2') });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/educator/videos/v1/direct-upload',
      '/api/educator/videos/direct-uploads',
    ]);
    forgetDirectUpload(file());
    const after = stubApi(() => ({ status: 201, data: { success: true, upload: grant('v3') } }));
    await directUploadFor(file());
    expect(after.calls.map((c) => c.url)).toEqual(['/api/educator/videos/direct-uploads']);
  });

  it('when the server refuses the upload, then its Portuguese message is what the editor says', async () => {
    const message =
      'Este vídeo não cabe no seu espaço: apague vídeos que não usa mais ou envie um arquivo menor.';
    stubApi(() => ({ status: 413, data: { success: false, message } }));
    expect(await directUploadFor(file())).toEqual({ ok: false, message });
  });
});
