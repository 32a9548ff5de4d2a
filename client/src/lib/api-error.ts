// No imports, and nothing the API client imports: code in the entry chunk reads API errors without
// loading the API client, and the two do not share a chunk (each shared chunk costs the first page).

/** What the user reads when the server could not be reached at all. */
export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

/** The failure of an API call, as lib/api-client.ts's interceptor throws it (an `ApiError`). */
export type ApiFailure = Error & { name: 'ApiError'; status: number; fromServer: boolean };

/**
 * An ApiError (with this status, when given: a 404 a page turns into "not found", a 403 for someone
 * who is not an educator). Told by its name, so this module need not import the client's class.
 */
export function isApiError(err: unknown, status?: number): err is ApiFailure {
  return (
    err instanceof Error &&
    err.name === 'ApiError' &&
    (status === undefined || (err as ApiFailure).status === status)
  );
}

/** The server's message, or null when the failure carries none (no answer, or not an API call). */
export function serverMessage(err: unknown): string | null {
  return isApiError(err) && err.fromServer ? err.message : null;
}

/** The ApiError's message (the server's, or our Portuguese one), else the exception's own message. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Ocorreu um erro inesperado';
}
