import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../auth/session-keys';
import { rootLoader } from '../context/root-loader';
import { configureApiAuth } from '../lib/api-auth';
import { startEarlyReads, takeEarlyRead } from './early-reads';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('the reads the first script starts for a page drawn in the browser', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) =>
      answer(200, { success: true, asked: String(input) }),
    );
  });

  afterEach(async () => {
    // Whatever a test left started is taken, so the next starts from nothing.
    for (const path of ['/api/user/data', '/api/user/enrolled-courses', '/api/educator/dashboard'])
      await takeEarlyRead(path, 'stored-token');
    localStorage.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('when no session is stored, then nothing is asked', async () => {
    startEarlyReads('/my-enrollments');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await takeEarlyRead('/api/user/data', null)).toBeNull();
  });

  it("when a session is stored, then the root's reads go out with its token and their answers are taken once", async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    startEarlyReads('/my-enrollments');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/user/data',
      '/api/user/enrolled-courses',
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Authorization: 'Bearer stored-token' });
    expect(await takeEarlyRead('/api/user/enrolled-courses', 'stored-token')).toEqual({
      success: true,
      asked: '/api/user/enrolled-courses',
    });
    // A revalidation later asks the server afresh.
    expect(await takeEarlyRead('/api/user/enrolled-courses', 'stored-token')).toBeNull();
  });

  it("when the page is the educator's dashboard, then its read starts too", () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    startEarlyReads('/educator');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
      '/api/educator/dashboard',
    );
  });

  it('when the session changed since the read started, then its answer is not handed to the new one', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    startEarlyReads('/my-enrollments');
    expect(await takeEarlyRead('/api/user/data', 'another-token')).toBeNull();
  });

  it('when the server refused or failed, then the loader gets nothing and asks itself (its own error path)', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/user/data'
        ? answer(401, { success: false, message: 'Sessão expirada' })
        : answer(200, { success: false, message: 'Falhou' }),
    );
    startEarlyReads('/my-enrollments');
    expect(await takeEarlyRead('/api/user/data', 'stored-token')).toBeNull();
    expect(await takeEarlyRead('/api/user/enrolled-courses', 'stored-token')).toBeNull();
  });

  it('when no answer came (offline), then the loader gets nothing', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    startEarlyReads('/my-enrollments');
    expect(await takeEarlyRead('/api/user/data', 'stored-token')).toBeNull();
  });

  it("when the first script's reads answered, then the root loader hands their data to the page", async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const user = {
      _id: 'usr_1',
      name: 'Ana',
      email: 'ana@example.com',
      imageUrl: '',
      role: 'student',
    };
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/user/data'
        ? answer(200, { success: true, user })
        : answer(200, { success: true, enrolledCourses: [], refundedPurchases: [] }),
    );
    startEarlyReads('/my-enrollments');
    const undo = configureApiAuth({
      userId: 'usr_1',
      getToken: async () => 'stored-token',
      onUnauthorized: () => {},
    });
    try {
      const request = new Request('http://localhost/my-enrollments');
      const data = await rootLoader({ request, params: {}, context: {} } as LoaderFunctionArgs);
      expect(data.userData).toEqual(user);
      expect(data.enrolledCourses).toEqual({ ok: true, value: [] });
      // Nothing was asked twice: the two reads are the first script's.
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      undo();
    }
  });
});
