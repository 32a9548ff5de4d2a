import { describe, expect, it } from 'vitest';
import { testVideo, type TestVideo } from '../../test/fixtures/video-fixtures';
import { probeVideo, sniffContainer, VIDEO_REFUSED, VideoRefused } from './video-probe';

const FFPROBE = 'ffprobe';

describe('judging an upload by what it is', () => {
  it('when the file is an MP4, then its size, duration and codecs are read', async () => {
    const probe = await probeVideo(FFPROBE, await testVideo('mp4'));
    expect(probe).toMatchObject({
      demuxer: 'mov',
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(probe.durationSeconds).toBeCloseTo(2, 0);
  });

  it('when the file is a WebM, then it is read with the Matroska demuxer', async () => {
    const probe = await probeVideo(FFPROBE, await testVideo('webm'));
    expect(probe).toMatchObject({ demuxer: 'matroska', videoCodec: 'vp8', audioCodec: 'opus' });
  });

  const refused: [TestVideo, string][] = [
    ['zip-named-mp4', VIDEO_REFUSED.notVideo],
    ['empty', VIDEO_REFUSED.empty],
    ['truncated', VIDEO_REFUSED.unreadable],
    ['hls-local-file', VIDEO_REFUSED.notVideo],
    ['hls-url', VIDEO_REFUSED.notVideo],
    ['absurd-dimensions', VIDEO_REFUSED.dimensions],
    ['audio-only', VIDEO_REFUSED.noVideoStream],
  ];
  it.each(refused)(
    'when the file is %s, then it is refused in Portuguese',
    async (kind, message) => {
      const file = await testVideo(kind);
      const error = await probeVideo(FFPROBE, file).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(VideoRefused);
      expect((error as Error).message).toBe(message);
    },
  );

  it('when a playlist hides behind an MP4 header, then the forced demuxer still finds no video', async () => {
    // An ISO box name up front, then a playlist naming a local file: the mov demuxer never reads it as HLS.
    const sniffed = sniffContainer(Buffer.from('\0\0\0\x18ftypisom#EXTM3U\nfile:///etc/passwd\n'));
    expect(sniffed).toBe('mov');
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-probe-'));
    const file = path.join(dir, 'x.mp4');
    await writeFile(
      file,
      Buffer.concat([
        Buffer.from('\0\0\0\x10ftypisom\0\0\0\0', 'latin1'),
        Buffer.from('#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n'),
      ]),
    );
    await expect(probeVideo(FFPROBE, file)).rejects.toBeInstanceOf(VideoRefused);
  });
});
