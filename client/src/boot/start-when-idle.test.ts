import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWhenIdle } from './start-when-idle';

/** A start that resolves when the test says the app is live. */
function deferredStart() {
  let live: () => void = () => {};
  const start = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        live = resolve;
      }),
  );
  return { start, goLive: async () => live() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startWhenIdle', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('when the page has loaded and the browser is idle, then the app starts, once', async () => {
    vi.useFakeTimers();
    const { start, goLive } = deferredStart();
    startWhenIdle(start);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(1);
    // Live: it holds no click any more (the window's listeners outlive the test).
    await goLive();
    // Handed over once the browser is idle again (its sections have hydrated).
    await vi.advanceTimersByTimeAsync(1_000);
  });

  it('when a control is pressed first, then the app starts at once and the click reaches the control once it is live', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button type="button">Acessar Curso</button>';
    const button = document.querySelector('button')!;
    const clicks = vi.fn();
    const { start, goLive } = deferredStart();
    startWhenIdle(start);

    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    button.addEventListener('click', clicks);
    button.click();
    // Held while the app is on its way: its handler is not there yet.
    expect(clicks).not.toHaveBeenCalled();

    await goLive();
    // Handed over once the browser is idle again (its sections have hydrated).
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('when a link or a form the server answers is used before the app is live, then the browser handles it as is', async () => {
    document.body.innerHTML =
      '<a href="/course-list">Cursos</a><form action="/course-list"><button type="submit">Pesquisar</button></form>';
    const { start } = deferredStart();
    startWhenIdle(start);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const submit = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    await flush();
  });

  it('when a plain image is pressed, then nothing starts early', () => {
    document.body.innerHTML = '<img alt="" src="/x.png">';
    const { start } = deferredStart();
    startWhenIdle(start);
    document
      .querySelector('img')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
  });
});
