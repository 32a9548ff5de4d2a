import { describe, expect, it } from 'vitest';
import {
  RESEND_MAX_PER_WINDOW,
  RESEND_MIN_INTERVAL_MS,
  RESEND_WINDOW_MS,
  resendWaitMessage,
  resendWaitMs,
} from './verification-resend';

const now = new Date('2026-11-28T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('resendWaitMs', () => {
  it('when nothing was sent in the last hour, then a link may go at once', () => {
    expect(resendWaitMs([], now)).toBe(0);
    expect(resendWaitMs([ago(RESEND_WINDOW_MS + 1)], now)).toBe(0);
  });

  it('when the last link went 20 seconds ago, then the wait is the rest of the minute', () => {
    expect(resendWaitMs([ago(20_000)], now)).toBe(RESEND_MIN_INTERVAL_MS - 20_000);
    expect(resendWaitMs([ago(RESEND_MIN_INTERVAL_MS)], now)).toBe(0);
  });

  it('when five links went in the last hour, then the wait lasts until the oldest of them leaves the hour', () => {
    const sent = Array.from({ length: RESEND_MAX_PER_WINDOW }, (_, i) =>
      ago((i + 1) * 10 * 60_000),
    );
    // The oldest went 50 minutes ago: 10 more minutes.
    expect(resendWaitMs(sent, now)).toBe(10 * 60_000);
    expect(resendWaitMs(sent.slice(1), now)).toBe(0);
  });

  it('when the times come in any order, then the answer is the same', () => {
    const sent = [ago(30_000), ago(40 * 60_000), ago(5 * 60_000)];
    expect(resendWaitMs(sent, now)).toBe(resendWaitMs([...sent].reverse(), now));
  });
});

describe('resendWaitMessage', () => {
  it('says seconds under a minute and minutes above, in the singular when one', () => {
    expect(resendWaitMessage(1000)).toBe('Aguarde 1 segundo para reenviar o link.');
    expect(resendWaitMessage(44_500)).toBe('Aguarde 45 segundos para reenviar o link.');
    expect(resendWaitMessage(10 * 60_000)).toBe('Aguarde 10 minutos para reenviar o link.');
    expect(resendWaitMessage(60_000)).toBe('Aguarde 60 segundos para reenviar o link.');
    expect(resendWaitMessage(61_000)).toBe('Aguarde 2 minutos para reenviar o link.');
  });
});
