// No axios import: pages in the entry chunk read errors without loading the API client.
import { ApiError } from './api-error';

/** The server's message, or null when the failure carries none (no answer, or not an API call). */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.fromServer ? err.message : null;
}

/** The ApiError's message (the server's, or our Portuguese one), else the exception's own message. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Ocorreu um erro inesperado';
}
