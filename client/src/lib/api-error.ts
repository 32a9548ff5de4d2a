// No axios import: code in the entry chunk checks for an ApiError without loading the API client.

/** What the user reads when the server could not be reached at all. */
export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

/**
 * Every failed API call, whatever went wrong: an answer with `success: false`, an HTTP error status or
 * no answer at all. `status` is the HTTP status, 0 when no answer arrived.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    /** False when the message is ours (no answer, or an answer without a message). */
    readonly fromServer = status > 0,
  ) {
    super(message);
  }
}

/** An ApiError with this status (a 404 that a page turns into "not found", a 403 for a non-educator). */
export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
