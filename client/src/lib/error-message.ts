// No axios import: pages in the entry chunk read errors without loading the API client.

type ErrorWithResponse = { isAxiosError?: unknown; response?: { data?: unknown } };

/** The `message` of the server's error body, or null when the failure carries none (network, timeout). */
export function serverMessage(err: unknown): string | null {
  if (!err || typeof err !== 'object' || (err as ErrorWithResponse).isAxiosError !== true)
    return null;
  const data = (err as ErrorWithResponse).response?.data;
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

/** The server's `message` when the response carries one, else the exception's own message. */
export function errorMessage(err: unknown): string {
  const fromServer = serverMessage(err);
  if (fromServer) return fromServer;
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Ocorreu um erro inesperado';
}
