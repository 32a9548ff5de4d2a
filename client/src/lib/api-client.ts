import axios, { AxiosHeaders, isAxiosError } from 'axios';
import { env } from '../config/env';
import { currentApiAuth } from './api-auth';

export { configureApiAuth } from './api-auth';
export { errorMessage, serverMessage } from './error-message';

export const api = axios.create({ baseURL: env.backendUrl });

api.interceptors.request.use(async (config) => {
  const token = await currentApiAuth()?.getToken();
  if (token) {
    config.headers = AxiosHeaders.from(config.headers);
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  // Only a rejected token ends the session: a 401 from a sign-in attempt (wrong password) carries none.
  if (
    isAxiosError(error) &&
    error.response?.status === 401 &&
    sentBearerToken(error.config?.headers)
  ) {
    await currentApiAuth()?.onUnauthorized();
  }
  throw error;
});

function sentBearerToken(headers: unknown): boolean {
  if (!headers) return false;
  const value = AxiosHeaders.from(headers as AxiosHeaders).get('Authorization');
  return typeof value === 'string' && value.startsWith('Bearer ');
}
