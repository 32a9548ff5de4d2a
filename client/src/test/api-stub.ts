import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { api } from '../lib/api-client';

export type StubRequest = {
  method: string;
  url: string;
  /** The JSON body parsed back into a value (FormData and other bodies as sent). */
  body: unknown;
  headers: AxiosHeaders;
  /** The query parameters given apart from the URL (axios `params`). */
  params: unknown;
};

export type StubResponse = { status?: number; data?: unknown };
export type StubHandler = (request: StubRequest) => StubResponse | Promise<StubResponse>;

const originalAdapter = api.defaults.adapter;

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Answers the app's `api` client from `handler` instead of the network (the interceptors still run,
 * so headers and 401 handling are real). Every request is recorded in `calls`. Undone after each test.
 */
export function stubApi(handler: StubHandler): { calls: StubRequest[] } {
  const calls: StubRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: StubRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: parseBody(config.data),
      headers: AxiosHeaders.from(config.headers),
      params: config.params,
    };
    calls.push(request);
    const { status = 200, data } = await handler(request);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (config.validateStatus && !config.validateStatus(status)) {
      const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
    }
    return response;
  };
  api.defaults.adapter = adapter;
  return { calls };
}

/** A failure with no response, as axios reports a dropped connection. */
export function networkError(): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK);
}

export function restoreApiStubs(): void {
  api.defaults.adapter = originalAdapter;
}
