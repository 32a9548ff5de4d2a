import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth, whenAuthKnown, type ApiAuth } from './api-auth';

function provider(userId: string | null): ApiAuth {
  return {
    userId,
    getToken: async () => (userId ? `tok-${userId}` : null),
    onUnauthorized: vi.fn(),
  };
}

let undo: (() => void)[] = [];
afterEach(() => {
  undo.forEach((fn) => fn());
  undo = [];
});

describe('whenAuthKnown', () => {
  it('when the provider already knows who is signed in, then it answers at once', async () => {
    const auth = provider('usr_1');
    undo.push(configureApiAuth(auth, true));
    await expect(whenAuthKnown()).resolves.toBe(auth);
  });

  it('when the provider is still loading, then it waits until the provider reports who is signed in', async () => {
    const loading = provider(null);
    undo.push(configureApiAuth(loading, false));
    const known = vi.fn();
    void whenAuthKnown().then(known);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(known).not.toHaveBeenCalled();
    const loaded = provider('usr_1');
    undo.push(configureApiAuth(loaded, true));
    await vi.waitFor(() => expect(known).toHaveBeenCalledWith(loaded));
  });

  it('when no provider has mounted yet, then it waits for the first one', async () => {
    const known = vi.fn();
    void whenAuthKnown().then(known);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(known).not.toHaveBeenCalled();
    const auth = provider(null);
    undo.push(configureApiAuth(auth));
    await vi.waitFor(() => expect(known).toHaveBeenCalledWith(auth));
  });

  it('when the loader waiting is dropped by the router, then it stops waiting', async () => {
    const controller = new AbortController();
    const known = vi.fn();
    void whenAuthKnown(controller.signal).then(known);
    controller.abort();
    undo.push(configureApiAuth(provider('usr_1')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(known).not.toHaveBeenCalled();
  });

  it('when the provider unmounts, then the next loader waits for a provider again', async () => {
    configureApiAuth(provider('usr_1'))();
    const known = vi.fn();
    void whenAuthKnown().then(known);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(known).not.toHaveBeenCalled();
    undo.push(configureApiAuth(provider(null)));
    await vi.waitFor(() => expect(known).toHaveBeenCalled());
  });
});
