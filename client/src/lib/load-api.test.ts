import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/toast';
import { failedWith } from '../data/load-result';
import { stubApi } from '../test/api-stub';
import { api } from './api-client';
import { isApiError, NETWORK_ERROR_MESSAGE, serverMessage } from './api-error';
import { createApiLoader, loadApi, type Api } from './load-api';
import { send } from './send';

afterEach(() => vi.restoreAllMocks());

/** An import of the client that the test answers when it wants, counting how often it was asked. */
function heldImport() {
  const asked: Array<{
    resolve: (module: { api: Api }) => void;
    reject: (err: unknown) => void;
  }> = [];
  const importClient = () =>
    new Promise<{ api: Api }>((resolve, reject) => asked.push({ resolve, reject }));
  return { importClient, asked };
}

// What Chromium says when a chunk cannot be fetched.
const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/api-client-x.js');

describe('loadApi', () => {
  it('when the API is first used, then the client is fetched then, once, and later uses get the same client', async () => {
    const { importClient, asked } = heldImport();
    const load = createApiLoader(importClient);
    expect(asked).toHaveLength(0);

    const first = load();
    expect(asked).toHaveLength(1);
    asked[0]!.resolve({ api });
    expect(await first).toBe(api);
    expect(await load()).toBe(api);
    expect(asked).toHaveLength(1);
  });

  it('when several calls come before the client has arrived, then they share one fetch', async () => {
    const { importClient, asked } = heldImport();
    const load = createApiLoader(importClient);
    const calls = [load(), load(), load()];
    expect(asked).toHaveLength(1);
    asked[0]!.resolve({ api });
    expect(await Promise.all(calls)).toEqual([api, api, api]);
  });

  it('when the client cannot be fetched, then every waiting call fails as a call with no answer, and the next use fetches again', async () => {
    const { importClient, asked } = heldImport();
    const load = createApiLoader(importClient);
    const waiting = [load(), load()];
    asked[0]!.reject(chunkFailure());
    for (const call of waiting) {
      const err = await call.catch((e: unknown) => e);
      expect(isApiError(err, 0)).toBe(true);
      expect((err as Error).message).toBe(NETWORK_ERROR_MESSAGE);
      expect(serverMessage(err)).toBeNull();
    }

    const retried = load();
    expect(asked).toHaveLength(2);
    asked[1]!.resolve({ api });
    expect(await retried).toBe(api);
  });

  it('when a stale chunk made Vite reload the page, then the import that resolved empty fails the same way', async () => {
    const load = createApiLoader(() => Promise.resolve(undefined as unknown as { api: Api }));
    const err = await load().catch((e: unknown) => e);
    expect(isApiError(err, 0)).toBe(true);
  });

  it('when a write cannot fetch the client, then send toasts the network message as the page words it', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const load = createApiLoader(() => Promise.reject(chunkFailure()));
    const answer = await send(
      load().then((client) => client.post('/api/user/enroll-free-course', {})),
      { failure: (message) => `Erro ao inscrever-se: ${message}` },
    );
    expect(answer).toBeNull();
    expect(error).toHaveBeenCalledWith(`Erro ao inscrever-se: ${NETWORK_ERROR_MESSAGE}`, {
      key: undefined,
    });
  });

  it('when a read cannot fetch the client, then its load result is the network failure a page retries', async () => {
    const load = createApiLoader(() => Promise.reject(chunkFailure()));
    const err = await load().catch((e: unknown) => e);
    expect(failedWith(err)).toEqual({ ok: false, message: NETWORK_ERROR_MESSAGE, status: 0 });
  });

  it("when the app's loader is used, then it answers with the app's one API client, interceptors and all", async () => {
    const { calls } = stubApi(() => ({
      status: 409,
      data: { success: false, message: 'Já adquirido' },
    }));
    const client = await loadApi();
    expect(client).toBe(api);
    const err = await client.post('/api/user/purchase', {}).catch((e: unknown) => e);
    expect(serverMessage(err)).toBe('Já adquirido');
    expect(calls).toHaveLength(1);
  });
});
