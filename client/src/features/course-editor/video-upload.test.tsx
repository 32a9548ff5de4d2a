import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { formatBytes, VideoUpload } from './video-upload';

const limits = {
  enabled: true,
  maxBytes: 4 * 1024 ** 3,
  quotaBytes: 50 * 1024 ** 3,
  usedBytes: 350 * 1024 ** 2,
};

describe('VideoUpload', () => {
  it('when uploads are on, then the limits are said before a file is chosen', async () => {
    stubApi(() => ({ data: { success: true, limits } }));
    renderWithProviders(<VideoUpload videoId={undefined} onVideo={vi.fn()} />, {
      route: '/',
      auth: { user: testUser },
    });
    expect(
      await screen.findByText(/Até 4 GB por vídeo · você usa 350 MB de 50 GB/, {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Arquivo de vídeo (MP4, MOV, WebM ou MKV)')).toBeInTheDocument();
  });

  it('when the server has no ffmpeg, then the editor says why in place of the file picker', async () => {
    const disabledReason =
      'O envio de vídeos está desligado neste servidor: o ffmpeg não está instalado.';
    stubApi(() => ({
      data: { success: true, limits: { ...limits, enabled: false, disabledReason } },
    }));
    renderWithProviders(<VideoUpload videoId={undefined} onVideo={vi.fn()} />, {
      route: '/',
      auth: { user: testUser },
    });
    expect(await screen.findByText(disabledReason, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByLabelText('Arquivo de vídeo (MP4, MOV, WebM ou MKV)')).toBeNull();
  });

  it('when a lecture has a video being processed, then its progress shows, then Pronto and its duration', async () => {
    let calls = 0;
    stubApi((req) => {
      if (req.url.endsWith('/limits')) return { data: { success: true, limits } };
      calls += 1;
      const ready = calls > 1;
      return {
        data: {
          success: true,
          video: {
            videoId: 'v1',
            status: ready ? 'ready' : 'processing',
            progress: ready ? 100 : 42,
            playable: true,
            durationSeconds: 120,
            renditions: ready ? ['240p', 'audio'] : [],
            filename: 'aula.mp4',
            bytes: 1000,
          },
        },
      };
    });
    const onVideo = vi.fn();
    renderWithProviders(<VideoUpload videoId="v1" onVideo={onVideo} />, {
      route: '/',
      auth: { user: testUser },
    });
    expect(await screen.findByText('Processando (42 %)', {}, LOADED)).toBeInTheDocument();
    expect(await screen.findByText('Pronto', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(onVideo).toHaveBeenCalledWith({ videoId: 'v1', durationSeconds: 120 });
  });

  it('formats sizes as the form says them', () => {
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GB');
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1,5 MB');
  });
});
