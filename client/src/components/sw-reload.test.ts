import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './sw-reload';

describe('registerServiceWorker', () => {
  it('when registered, then it registers at once and reloads the page when a new worker takes over', async () => {
    const registerSW = vi.fn();
    const reload = vi.fn();
    await registerServiceWorker(async () => ({ registerSW }), reload);

    expect(registerSW).toHaveBeenCalledTimes(1);
    const options = registerSW.mock.calls[0][0];
    expect(options.immediate).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    options.onNeedReload();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
