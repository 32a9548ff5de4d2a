import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/toast';
import { networkError, stubApi } from '../test/api-stub';
import { api } from './api-client';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import { send } from './send';

afterEach(() => vi.restoreAllMocks());

describe('send', () => {
  it('when the write succeeds, then its data is returned and nothing is toasted', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    stubApi(() => ({ data: { success: true, message: 'Curso publicado' } }));
    expect(await send(api.post('/api/educator/course/1/publish'))).toEqual({
      success: true,
      message: 'Curso publicado',
    });
    expect(error).not.toHaveBeenCalled();
  });

  it("when the server refuses the write, then null is returned and the server's message toasted", async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    stubApi(() => ({ status: 409, data: { success: false, message: 'Já adquirido' } }));
    expect(await send(api.post('/api/user/purchase', {}))).toBeNull();
    expect(error).toHaveBeenCalledWith('Já adquirido', { key: undefined });
  });

  it('when the connection drops, then the Portuguese network message is toasted, worded by the page and under its key', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    stubApi(() => {
      throw networkError();
    });
    const answer = await send(api.post('/api/user/enroll-free-course', {}), {
      failure: (message) => `Erro ao inscrever-se: ${message}`,
      toastKey: 'enroll',
    });
    expect(answer).toBeNull();
    expect(error).toHaveBeenCalledWith(`Erro ao inscrever-se: ${NETWORK_ERROR_MESSAGE}`, {
      key: 'enroll',
    });
  });

  it('when the form says the failure itself, then the message goes beside it and nothing is toasted', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    stubApi(() => ({ status: 401, data: { success: false, message: 'Senha atual incorreta' } }));
    const said: string[] = [];
    const answer = await send(api.post('/api/user/change-password', {}), {
      inline: (message) => said.push(message),
    });
    expect(answer).toBeNull();
    expect(said).toEqual(['Senha atual incorreta']);
    expect(error).not.toHaveBeenCalled();
  });

  it('when a background write fails silently by choice, then null comes back and nothing is said', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    stubApi(() => {
      throw networkError();
    });
    expect(await send(api.post('/api/auth/sign-out'), { silent: true })).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});
