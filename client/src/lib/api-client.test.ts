import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkError, stubApi } from '../test/api-stub';
import { api, configureApiAuth, errorMessage } from './api-client';

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
    await expect(api.get('/api/user/data')).rejects.toBeInstanceOf(AxiosError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when a request without a token is answered 401 (a wrong password), then nobody is signed out', async () => {
    const onUnauthorized = vi.fn();
    undoAuth = configureApiAuth({ userId: null, getToken: async () => null, onUnauthorized });
    stubApi(() => ({
      status: 401,
      data: { success: false, message: 'E-mail ou senha incorretos' },
    }));
    await expect(api.post('/api/auth/sign-in', {})).rejects.toBeInstanceOf(AxiosError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when another status fails, then the session is kept', async () => {
    const onUnauthorized = vi.fn();
    undoAuth = configureApiAuth({ userId: null, getToken: async () => 'abc', onUnauthorized });
    stubApi(() => ({
      status: 403,
      data: { success: false, message: 'Acesso reservado a educadores' },
    }));
    await expect(api.get('/api/educator/dashboard')).rejects.toBeInstanceOf(AxiosError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('errorMessage', () => {
  it('when the server sent a message, then that message is returned', async () => {
    stubApi(() => ({ status: 409, data: { success: false, message: 'Já adquirido' } }));
    const err = await api.post('/api/user/purchase', {}).catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('Já adquirido');
  });

  it('when the failure has no server body, then the exception message is returned', () => {
    expect(errorMessage(networkError())).toBe('Network Error');
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });

  it('when the thrown value carries nothing readable, then a generic Portuguese message is returned', () => {
    expect(errorMessage({})).toBe('Ocorreu um erro inesperado');
  });
});
