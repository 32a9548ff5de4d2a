import { addDragProgress, revealedPrefix } from '@aprendiz/contract/rules/easter-egg';
import {
  startTransition,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type KeyboardEvent,
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
    // Focusable so keyboard users can move the logos with the arrow keys too.
    tabIndex: 0,
    draggable: false as const,
    className: LOGO_CLASS,
  };
}

// Keyboard users cannot drag: each arrow press on a focused logo counts as this much movement.
export const KEYBOARD_STEP_PX = 50;
const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * The dragging code (framer-motion) is not on the first page's critical path: the logos arrive as
 * plain images with the HTML and become draggable once it has loaded after the page is interactive.
 */
function useDraggableLogo(): ComponentType<DraggableLogoProps> | null {
  const [component, setComponent] = useState<ComponentType<DraggableLogoProps> | null>(null);
  useEffect(() => {
    let active = true;
    void import('./draggable-logo').then((module) => {
      // Mounting ten framer-motion elements is the longest task of the home page's load; as a
      // transition it is split into slices the browser can answer input between.
      if (active) startTransition(() => setComponent(() => module.DraggableLogo));
    });
    return () => {
      active = false;
    };
  }, []);
  return component;
}

/** Ten draggable technology logos; every pixel they are dragged reveals more of the phrase. */
export function LogosEasterEgg() {
  const DraggableLogo = useDraggableLogo();
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
        <ul className="grid grid-cols-5 gap-4 sm:gap-8">
          {LOGOS.map((logo) => (
            <li key={logo.name} className="flex items-center justify-center">
              {DraggableLogo ? (
                <DraggableLogo
                  {...logoImage(logo)}
                  onKeyDown={handleKeyDown}
                  onMove={addMovement}
                />
              ) : (
                <img {...logoImage(logo)} onKeyDown={handleKeyDown} />
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
