import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_KEY } from '../lib/client-id';
import { networkError, stubApi } from '../test/api-stub';
import { ONLINE_PING_INTERVAL_MS, OnlineCounter } from './online-counter';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('OnlineCounter', () => {
  it('when mounted, then it posts this browser’s id and shows the number answered as Alunos online', async () => {
    const { calls } = stubApi(() => ({ data: 42 }));
    render(<OnlineCounter />);
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText(/Alunos online/)).toBeInTheDocument();
    const clientId = localStorage.getItem(CLIENT_ID_KEY);
    expect(clientId).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/online', body: { clientId } });
  });

  it('when a client id was kept from an earlier visit, then that id is sent again', async () => {
    localStorage.setItem(CLIENT_ID_KEY, 'kept-id');
    const { calls } = stubApi(() => ({ data: 1 }));
    render(<OnlineCounter />);
    await screen.findByText('1');
    expect(calls[0].body).toEqual({ clientId: 'kept-id' });
  });

  it('when 30 seconds pass, then it posts again and shows the new number', async () => {
    vi.useFakeTimers();
    let count = 3;
    const { calls } = stubApi(() => ({ data: count }));
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
    stubApi(() => {
      throw networkError();
    });
    const { container } = render(<OnlineCounter />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    const line = container.querySelector('p');
    expect(line).toHaveClass('invisible');
    expect(line).toHaveAttribute('aria-hidden', 'true');
  });
});
