import { notify } from '../components/toast';
import { errorMessage } from './api-error';

/**
 * Sends one write: its answer's data, or null after the failure was toasted with the server's message
 * (through `failure`, when the page words it). Callers branch on null instead of catching.
 */
export async function send<T>(
  write: Promise<{ data: T }>,
  options: { failure?: (message: string) => string; toastKey?: string } = {},
): Promise<T | null> {
  try {
    return (await write).data;
  } catch (err) {
    const message = errorMessage(err);
    notify.error(options.failure ? options.failure(message) : message, { key: options.toastKey });
    return null;
  }
}
