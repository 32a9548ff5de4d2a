import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkError, stubApi } from '../test/api-stub';
import { api, ApiError, configureApiAuth } from './api-client';
import { errorMessage, isApiError, NETWORK_ERROR_MESSAGE, serverMessage } from './api-error';

let undoAuth: () => void = () => {};
afterEach(() => undoAuth());

describe('api client', () => {
  it('when the auth layer has a token, then every request carries it as a bearer header', async () => {
    undoAuth = configureApiAuth({
      userId: null,
      getToken: async () => 'abc',
      onUnauthorized: vi.fn(),
    });
    const { calls } = stubApi(() => ({ data: { success: true } }));
    await api.get('/api/user/data');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer abc');
  });

  it('when nobody is signed in, then no Authorization header is sent', async () => {
    undoAuth = configureApiAuth({
      userId: null,
      getToken: async () => null,
      onUnauthorized: vi.fn(),
    });
    const { calls } = stubApi(() => ({ data: { success: true } }));
    await api.get('/api/course/all');
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it('when a request with a token is answered 401, then the user is signed out and the call still fails', async () => {
    const onUnauthorized = vi.fn();
    undoAuth = configureApiAuth({ userId: null, getToken: async () => 'expired', onUnauthorized });
    stubApi(() => ({ status: 401, data: { success: false, message: 'Sessão expirada' } }));
    await expect(api.get('/api/user/data')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when a request without a token is answered 401 (a wrong password), then nobody is signed out', async () => {
    const onUnauthorized = vi.fn();
    undoAuth = configureApiAuth({ userId: null, getToken: async () => null, onUnauthorized });
    stubApi(() => ({
      status: 401,
      data: { success: false, message: 'E-mail ou senha incorretos' },
    }));
    await expect(api.post('/api/auth/sign-in', {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when another status fails, then the session is kept', async () => {
    const onUnauthorized = vi.fn();
    undoAuth = configureApiAuth({ userId: null, getToken: async () => 'abc', onUnauthorized });
    stubApi(() => ({
      status: 403,
      data: { success: false, message: 'Acesso reservado a educadores' },
    }));
    await expect(api.get('/api/educator/dashboard')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('one error path', () => {
  async function failureOf(request: Promise<unknown>): Promise<ApiError> {
    const err = await request.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isApiError(err)).toBe(true);
    return err as ApiError;
  }

  it('when an answer is 200 with success false, then the call fails with an ApiError carrying its message and status', async () => {
    stubApi(() => ({ status: 200, data: { success: false, message: 'Curso não encontrado' } }));
    const err = await failureOf(api.get('/api/course/x'));
    expect([err.message, err.status, err.fromServer]).toEqual(['Curso não encontrado', 200, true]);
  });

  it('when the server answers 4xx with a message, then an ApiError carries that message and status', async () => {
    stubApi(() => ({ status: 409, data: { success: false, message: 'Já adquirido' } }));
    const err = await failureOf(api.post('/api/user/purchase', {}));
    expect([err.message, err.status]).toEqual(['Já adquirido', 409]);
    expect(serverMessage(err)).toBe('Já adquirido');
  });

  it('when the server answers 500 without a body, then an ApiError carries a Portuguese message and 500', async () => {
    stubApi(() => ({ status: 500, data: '<html>Internal Server Error</html>' }));
    const err = await failureOf(api.get('/api/course/all'));
    expect(err.status).toBe(500);
    expect(err.message).toMatch(/servidor/);
    expect(serverMessage(err)).toBeNull();
  });

  it('when no answer arrives (network down), then an ApiError with status 0 carries the Portuguese network message', async () => {
    stubApi(() => {
      throw networkError();
    });
    const err = await failureOf(api.get('/api/course/all'));
    expect([err.message, err.status, err.fromServer]).toEqual([NETWORK_ERROR_MESSAGE, 0, false]);
  });

  it('when the request is cancelled, then the cancellation is not turned into an error to show', async () => {
    stubApi(() => ({ data: { success: true } }));
    const controller = new AbortController();
    controller.abort();
    const err = await api.get('/api/course/all', { signal: controller.signal }).catch((e) => e);
    expect(err).not.toBeInstanceOf(ApiError);
  });

  it('when an answer succeeds, then its body is returned untouched', async () => {
    stubApi(() => ({ data: { success: true, courses: [] } }));
    const { data } = await api.get('/api/course/all');
    expect(data).toEqual({ success: true, courses: [] });
  });
});

describe('errorMessage', () => {
  it('when the server sent a message, then that message is returned', async () => {
    stubApi(() => ({ status: 409, data: { success: false, message: 'Já adquirido' } }));
    const err = await api.post('/api/user/purchase', {}).catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('Já adquirido');
  });

  it('when the failure is not an API call, then the exception message is returned', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });

  it('when the thrown value carries nothing readable, then a generic Portuguese message is returned', () => {
    expect(errorMessage({})).toBe('Ocorreu um erro inesperado');
  });
});
