import axios, { AxiosHeaders, isAxiosError, isCancel } from 'axios';
import { env } from '../config/env';
import { currentApiAuth } from './api-auth';

export { configureApiAuth } from './api-auth';

/** The same text as api-error.ts's (that module is kept apart from this one's chunk). */
const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

/**
 * Every failed API call, whatever went wrong: an answer with `success: false`, an HTTP error status or
 * no answer at all. `status` is the HTTP status, 0 when no answer arrived. Entry-chunk code tells it
 * with `isApiError` (api-error.ts).
 */
export class ApiError extends Error {
  override name = 'ApiError' as const;

  constructor(
    message: string,
    readonly status: number,
    /** False when the message is ours (no answer, or an answer without a message). */
    readonly fromServer = status > 0,
  ) {
    super(message);
  }
}

export const api = axios.create({ baseURL: env.backendUrl });

api.interceptors.request.use(async (config) => {
  const token = await currentApiAuth()?.getToken();
  if (token) {
    config.headers = AxiosHeaders.from(config.headers);
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

/**
 * The one error path: an answer with `success: false`, an HTTP error and no answer at all each reach
 * the caller as one ApiError carrying the server's Portuguese message (ours when there is none). A
 * cancelled request stays a cancellation: nobody is waiting for its answer.
 */
api.interceptors.response.use(
  (response) => {
    const body: unknown = response.data;
    if (body && typeof body === 'object' && 'success' in body && body.success === false) {
      throw new ApiError(messageOf(body) ?? failedStatusMessage(response.status), response.status);
    }
    return response;
  },
  async (error: unknown) => {
    if (isCancel(error) || !isAxiosError(error)) throw error;
    const { response } = error;
    // Only a rejected token ends the session: a 401 from a sign-in attempt (wrong password) carries none.
    if (response?.status === 401 && sentBearerToken(error.config?.headers)) {
      await currentApiAuth()?.onUnauthorized();
    }
    if (!response) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
    const message = messageOf(response.data);
    throw new ApiError(
      message ?? failedStatusMessage(response.status),
      response.status,
      message !== null,
    );
  },
);

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('message' in body)) return null;
  return typeof body.message === 'string' && body.message ? body.message : null;
}

function failedStatusMessage(status: number): string {
  return status >= 500
    ? 'O servidor não conseguiu responder. Tente novamente dentro de momentos.'
    : 'O pedido não foi aceito pelo servidor.';
}

function sentBearerToken(headers: unknown): boolean {
  if (!headers) return false;
  const value = AxiosHeaders.from(headers as AxiosHeaders).get('Authorization');
  return typeof value === 'string' && value.startsWith('Bearer ');
}
