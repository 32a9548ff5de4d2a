import { notify } from '../components/toast';
import { errorMessage } from './api-error';

export interface SendOptions {
  /** The page's wording around the server's message ('Erro ao inscrever-se: …'). */
  failure?: (message: string) => string;
  /** One toast per key: a repeated failure replaces the last instead of stacking. */
  toastKey?: string;
  /**
   * Where a form says the failure itself, beside its fields (sign-in, profile, a quiz): the message
   * goes there instead of a toast.
   */
  inline?: (message: string) => void;
  /**
   * A write the person did not ask for and cannot act on (the courtesy revocation on 'Sair', a
   * position saved in the background): its failure is said nowhere.
   */
  silent?: true;
}

/**
 * Sends one write: its answer's data, or null after the failure was said with the server's message
 * (a toast, worded by `failure`; beside the form with `inline`; nowhere with `silent`). Callers
 * branch on null instead of catching.
 */
export async function send<T>(
  write: Promise<{ data: T }>,
  options: SendOptions = {},
): Promise<T | null> {
  try {
    return (await write).data;
  } catch (err) {
    if (options.silent) return null;
    const message = options.failure ? options.failure(errorMessage(err)) : errorMessage(err);
    if (options.inline) options.inline(message);
    else notify.error(message, { key: options.toastKey });
    return null;
  }
}
