// A server-rendered page is complete before any script runs: links are links and the search box is
// a form the server answers. The app (React, the router, the page's code) is only fetched and run
// once the page has loaded and the browser is idle, so on a slow phone it never competes with the
// page's largest image, nor holds the main thread while the page paints. A visitor who reaches for
// a control first starts it at once; the click is held and handed to the control once it is live.

/** Browsers without requestIdleCallback (Safari) start this long after the load event. */
const IDLE_FALLBACK_MS = 300;
/** The longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 5000;
/** The longest a held click waits, once the app is live, for its sections to finish hydrating. */
const REPLAY_TIMEOUT_MS = 1000;

/** Controls whose pressing needs the app: touching one starts it. Links and forms with an action work without. */
const NEEDS_APP =
  'button, input, select, textarea, summary, [tabindex], [role="button"], [role="combobox"]';
/** Controls whose click is held until the app is live, then handed to them. */
const HELD_CLICK = 'button, summary, [role="button"], input[type="checkbox"], input[type="radio"]';

const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

function needsApp(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(NEEDS_APP) !== null;
}

/** A submit button whose form the server answers (the search box): the browser sends it as is. */
function submitsToServer(control: Element): boolean {
  if (!(control instanceof HTMLButtonElement) || control.type !== 'submit') return false;
  return control.form?.hasAttribute('action') ?? false;
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

function whenIdle(run: () => void, timeout = IDLE_TIMEOUT_MS): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, IDLE_FALLBACK_MS);
}

/** Runs `start` after load when the browser is idle, or at the first touch of a control. */
export function startWhenIdle(start: () => Promise<void>): void {
  let started = false;
  let heldClick: Element | null = null;
  let heldSubmit: HTMLFormElement | null = null;

  function holdClick(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null;
    // Once hydration has begun, a link too waits for it: React may already own the page's root
    // while the link's own section is not hydrated yet, and would swallow the click.
    const control = target?.closest(HELD_CLICK) ?? (started ? target?.closest('a[href]') : null);
    if (!control || submitsToServer(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldClick = control;
  }

  function holdSubmit(event: SubmitEvent) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = form;
  }

  function onTrigger(event: Event) {
    if (needsApp(event.target)) begin();
  }

  function release() {
    window.removeEventListener('click', holdClick, true);
    window.removeEventListener('submit', holdSubmit, true);
  }

  function begin() {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) window.removeEventListener(type, onTrigger, true);
    start().then(
      // The root has committed; its sections hydrate one by one after it (Suspense boundaries), so
      // the held click waits for the browser to be idle again: by then they all answer.
      () =>
        whenIdle(() => {
          release();
          // What the visitor pressed while the app was on its way, now that it answers.
          if (heldClick instanceof HTMLElement && heldClick.isConnected) heldClick.click();
          if (heldSubmit?.isConnected) heldSubmit.requestSubmit();
        }, REPLAY_TIMEOUT_MS),
      (err: unknown) => {
        // The page stays as the server rendered it: links and the search form still work.
        release();
        console.error(err);
      },
    );
  }

  window.addEventListener('click', holdClick, true);
  window.addEventListener('submit', holdSubmit, true);
  for (const type of TRIGGERS) {
    window.addEventListener(type, onTrigger, { capture: true, passive: true });
  }
  afterLoad(() => whenIdle(begin));
}
