import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_KEY } from '../lib/client-id';
import { ONLINE_PING_INTERVAL_MS, OnlineCounter } from './online-counter';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Posted = { method: string; url: string; body: unknown };

/**
 * Answers the counter's fetch from `answer` (a count, a whole response, or a thrown error: the
 * network failing), recording each call.
 */
function stubOnline(answer: () => number | Response): { calls: Posted[] } {
  const calls: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)) });
      const answered = answer();
      if (answered instanceof Response) return answered;
      return new Response(JSON.stringify(answered), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls };
}

describe('OnlineCounter', () => {
  it('when mounted, then it posts this browser’s id and shows the number answered as Alunos online', async () => {
    const { calls } = stubOnline(() => 42);
    render(<OnlineCounter />);
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText(/Alunos online/)).toBeInTheDocument();
    const clientId = localStorage.getItem(CLIENT_ID_KEY);
    expect(clientId).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/online', body: { clientId } });
  });

  it('when a client id was kept from an earlier visit, then that id is sent again', async () => {
    localStorage.setItem(CLIENT_ID_KEY, 'kept-id');
    const { calls } = stubOnline(() => 1);
    render(<OnlineCounter />);
    await screen.findByText('1');
    expect(calls[0]!.body).toEqual({ clientId: 'kept-id' });
  });

  it('when 30 seconds pass, then it posts again and shows the new number', async () => {
    vi.useFakeTimers();
    let count = 3;
    const { calls } = stubOnline(() => count);
    render(<OnlineCounter />);
    await act(async () => {});
    expect(screen.getByText('3')).toBeInTheDocument();
    count = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ONLINE_PING_INTERVAL_MS);
    });
    expect(calls).toHaveLength(2);
    expect(screen.getByText('5')).toBeInTheDocument();
  });

  it('when the counter service fails, then it is only logged and the line stays hidden, holding its place', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubOnline(() => {
      throw new TypeError('Failed to fetch');
    });
    const { container } = render(<OnlineCounter />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    const line = container.querySelector('p');
    expect(line).toHaveClass('invisible');
    expect(line).toHaveAttribute('aria-hidden', 'true');
  });

  it('when the counter service answers an error, then it is only logged and the line stays hidden', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubOnline(() => new Response('{"success":false}', { status: 429 }));
    const { container } = render(<OnlineCounter />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(container.querySelector('p')).toHaveClass('invisible');
  });
});
