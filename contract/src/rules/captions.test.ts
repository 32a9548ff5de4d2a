import { describe, expect, it } from 'vitest';
import { CAPTION_PROBLEMS, parseCaptions } from './captions';

describe('captions', () => {
  it('when an SRT file is sent, then it becomes WebVTT with the same cues', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nOlá, turma!\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nVamos começar.\r\n';
    const parsed = parseCaptions(srt);
    expect(parsed).toEqual({
      ok: true,
      vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nOlá, turma!\n\n00:00:03.000 --> 00:00:04.000\nVamos começar.\n',
      cues: [
        { startSeconds: 1, endSeconds: 2.5, text: 'Olá, turma!' },
        { startSeconds: 3, endSeconds: 4, text: 'Vamos começar.' },
      ],
    });
  });

  it('when WebVTT with short times and a NOTE is sent, then its cues are kept', () => {
    const parsed = parseCaptions(
      'WEBVTT\n\nNOTE feito à mão\n\n01:02.000 --> 01:03.000 align:start\nUm\ndois\n',
    );
    expect(parsed.ok && parsed.cues).toEqual([
      { startSeconds: 62, endSeconds: 63, text: 'Um\ndois' },
    ]);
  });

  it.each([
    ['', CAPTION_PROBLEMS.empty],
    ['WEBVTT\n\n', CAPTION_PROBLEMS.empty],
    ['00:00:05.000 --> 00:00:01.000\nAo contrário', CAPTION_PROBLEMS.timing],
    ['00:00:01.000 --> depois\nSem fim', CAPTION_PROBLEMS.timing],
    ['00:00:61.000 --> 00:01:02.000\nSegundos demais', CAPTION_PROBLEMS.timing],
  ])('when the track is %j, then it is refused', (text, problem) => {
    expect(parseCaptions(text)).toEqual({ ok: false, problem });
  });
});
