import { addDragProgress, revealedPrefix } from '@aprendiz/contract/rules/easter-egg';
import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { COURSES_ANCHOR } from './course-teaser';
import type { DraggableLogoProps } from './draggable-logo';

/** The hidden phrase the logos uncover (a short Christian phrase). */
export const SECRET_MESSAGE = 'Deus é amor. Jesus te ama!';

const LOGOS = [
  { name: 'python', label: 'Python' },
  { name: 'javascript', label: 'JavaScript' },
  { name: 'react', label: 'React' },
  { name: 'excel', label: 'Excel' },
  { name: 'java', label: 'Java' },
  { name: 'kotlin', label: 'Kotlin' },
  { name: 'node', label: 'Node.js' },
  { name: 'sql', label: 'SQL' },
  { name: 'swift', label: 'Swift' },
  { name: 'typescript', label: 'TypeScript' },
] as const;

const LOGO_CLASS =
  'h-12 w-12 cursor-grab touch-none rounded-md select-none active:cursor-grabbing sm:h-16 sm:w-16';

const HINT_ID = 'logos-hint';

function logoImage(logo: (typeof LOGOS)[number]) {
  return {
    src: `/images/logos/${logo.name}.svg`,
    alt: `Logo ${logo.label}`,
    // Each of the ten stops says what it is for, not only whose logo it is.
    'aria-describedby': HINT_ID,
    width: 64,
    height: 64,
    // Below the hero on a phone: fetched as they come near the screen, after the largest image.
    loading: 'lazy' as const,
    // Focusable so keyboard users can move the logos with the arrow keys too.
    tabIndex: 0,
    draggable: false as const,
    className: LOGO_CLASS,
  };
}

// Keyboard users cannot drag: each arrow press on a focused logo counts as this much movement.
export const KEYBOARD_STEP_PX = 50;
const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

// The spec's drag limit and elasticity, for the plain logos: framer-motion's own are in draggable-logo.
const DRAG_LIMIT_PX = 80;
const DRAG_ELASTIC = 0.3;

/** Where a logo dragged `offset` px from its place is drawn: past the limit, it gives 0.3 px a pixel. */
function elastic(offset: number): number {
  const excess = Math.abs(offset) - DRAG_LIMIT_PX;
  return excess <= 0 ? offset : Math.sign(offset) * (DRAG_LIMIT_PX + excess * DRAG_ELASTIC);
}

/**
 * The dragging code (framer-motion, 46 kB) stays off the home page until someone reaches for a logo:
 * pointing at or focusing the grid loads it. Until it has arrived, a drag is followed by the few
 * lines below (the logo moves under the finger and the phrase is revealed), and framer-motion takes
 * over once no logo is held, so a gesture is never cut in two.
 */
function useDraggableLogo(): {
  DraggableLogo: ComponentType<DraggableLogoProps> | null;
  load: () => void;
  holding: (held: boolean) => void;
} {
  const [component, setComponent] = useState<ComponentType<DraggableLogoProps> | null>(null);
  const requested = useRef(false);
  const held = useRef(false);
  const arrived = useRef<ComponentType<DraggableLogoProps> | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const swapIn = useCallback(() => {
    const loaded = arrived.current;
    if (!loaded || held.current || !mounted.current) return;
    // Mounting ten framer-motion elements is a long task on a slow phone; as a transition it is
    // split into slices the browser can answer input between.
    startTransition(() => setComponent(() => loaded));
  }, []);

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    void import('./draggable-logo').then((module) => {
      arrived.current = module.DraggableLogo;
      swapIn();
    });
  }, [swapIn]);

  const holding = useCallback(
    (isHeld: boolean) => {
      held.current = isHeld;
      if (!isHeld) swapIn();
    },
    [swapIn],
  );

  return { DraggableLogo: component, load, holding };
}

/** A plain logo follows a drag (pointer events on the window, as framer-motion does) until framer-motion is there. */
function dragPlainLogo(
  event: ReactPointerEvent<HTMLImageElement>,
  onMove: (dx: number, dy: number) => void,
  onEnd: () => void,
): void {
  if (event.button !== 0) return;
  const image = event.currentTarget;
  const pointerId = event.pointerId;
  let last = { x: event.clientX, y: event.clientY };
  const offset = { x: 0, y: 0 };
  image.style.transition = 'none';
  function move(moved: PointerEvent) {
    if (moved.pointerId !== pointerId) return;
    const dx = moved.clientX - last.x;
    const dy = moved.clientY - last.y;
    last = { x: moved.clientX, y: moved.clientY };
    offset.x += dx;
    offset.y += dy;
    image.style.translate = `${elastic(offset.x)}px ${elastic(offset.y)}px`;
    onMove(dx, dy);
  }
  function end(ended: PointerEvent) {
    if (ended.pointerId !== pointerId) return;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    // Back to its place; the framer-motion logo that may replace it starts there too.
    image.style.transition = 'translate 0.3s ease-out';
    image.style.translate = '';
    onEnd();
  }
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
}

/** Ten draggable technology logos; every pixel they are dragged reveals more of the phrase. */
export function LogosEasterEgg() {
  const { DraggableLogo, load, holding } = useDraggableLogo();
  const [progress, setProgress] = useState(0);
  const addMovement = useCallback((dx: number, dy: number) => {
    setProgress((current) => addDragProgress(current, dx, dy));
  }, []);

  const revealed = revealedPrefix(SECRET_MESSAGE, progress);
  const hidden = SECRET_MESSAGE.slice(revealed.length);

  function handleKeyDown(event: KeyboardEvent<HTMLImageElement>) {
    if (!ARROW_KEYS.has(event.key)) return;
    event.preventDefault();
    addMovement(KEYBOARD_STEP_PX, 0);
  }

  return (
    // Clipped sideways: a logo dragged past the screen edge must not make the page scroll horizontally.
    <section
      aria-labelledby="logos-heading"
      className="overflow-x-clip px-4 py-14 sm:px-8 lg:px-12"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 text-center">
        <h2 id="logos-heading" className="text-2xl font-semibold text-slate-900">
          Move a imagem, descubra um segredo
        </h2>
        <p id={HINT_ID} className="sr-only">
          Arraste o logo, ou use as setas do teclado, para revelar o segredo.
        </p>
        {/* Ten logos are ten tab stops between the search and the courses: one link skips them. */}
        <a
          href={`#${COURSES_ANCHOR}`}
          className="sr-only rounded-md bg-blue-600 px-4 py-2 font-semibold text-white focus:not-sr-only"
        >
          Pular os logos e ir para os cursos
        </a>
        {/* A pointer over the grid (or a key's focus) is the sign someone is about to drag. */}
        <ul
          className="grid grid-cols-5 gap-4 sm:gap-8"
          onPointerOver={load}
          onPointerDown={load}
          onFocus={load}
        >
          {LOGOS.map((logo) => (
            <li key={logo.name} className="flex items-center justify-center">
              {DraggableLogo ? (
                <DraggableLogo
                  {...logoImage(logo)}
                  onKeyDown={handleKeyDown}
                  onMove={addMovement}
                />
              ) : (
                <img
                  {...logoImage(logo)}
                  // Hover and press scale as framer-motion's logos do (spec: 1.1 and 0.95).
                  className={`${LOGO_CLASS} transition-[scale] hover:scale-110 active:scale-95`}
                  onKeyDown={handleKeyDown}
                  onPointerDown={(event) => {
                    holding(true);
                    dragPlainLogo(event, addMovement, () => holding(false));
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        <p aria-live="polite" className="min-h-8 text-xl font-semibold text-blue-700">
          <span data-testid="secret-revealed">{revealed}</span>
          {/* The rest holds its place, so the section does not grow as the phrase appears. */}
          <span aria-hidden="true" className="invisible">
            {hidden}
          </span>
        </p>
      </div>
    </section>
  );
}
