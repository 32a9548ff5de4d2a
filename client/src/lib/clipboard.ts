import { notify } from '../components/toast';

/**
 * Copies `text` and says so (`copied`), or says how to do it by hand when the browser refuses
 * (no clipboard outside a secure context, or permission denied). True when it was copied.
 */
export async function copyText(
  text: string,
  messages: { copied: string; failed: string },
): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify.success(messages.copied);
    return true;
  } catch {
    notify.error(messages.failed);
    return false;
  }
}
