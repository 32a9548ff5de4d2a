import { EASTER_EGG_CAP, revealedPrefix } from '@aprendiz/contract/rules/easter-egg';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { KEYBOARD_STEP_PX, LogosEasterEgg, SECRET_MESSAGE } from './logos-easter-egg';

const LOGO_NAMES = [
  'Python',
  'JavaScript',
  'React',
  'Excel',
  'Java',
  'Kotlin',
  'Node.js',
  'SQL',
  'Swift',
  'TypeScript',
];

function revealed(): string {
  return screen.getByTestId('secret-revealed').textContent ?? '';
}

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A real pointer drag, as framer-motion listens for it: press on the logo, move on the window, release. */
async function dragBy(element: HTMLElement, dx: number, dy: number, steps = 5) {
  const pointer = { isPrimary: true, pointerId: 1, button: 0, buttons: 1 };
  fireEvent.pointerDown(element, { ...pointer, clientX: 0, clientY: 0 });
  await act(async () => {
    for (let step = 1; step <= steps; step += 1) {
      fireEvent.pointerMove(document, {
        ...pointer,
        clientX: (dx * step) / steps,
        clientY: (dy * step) / steps,
      });
      await nextFrame();
    }
    fireEvent.pointerUp(document, { ...pointer, clientX: dx, clientY: dy });
    await nextFrame();
  });
}

/** Renders the logos, points at them and waits for the dragging code that pointing loads. */
async function renderDraggable() {
  renderWithProviders(<LogosEasterEgg />);
  const python = await screen.findByRole('img', { name: 'Logo Python' });
  fireEvent.pointerOver(python);
  await act(async () => {
    await import('./draggable-logo');
    await nextFrame();
  });
}

describe('LogosEasterEgg', () => {
  it('when shown, then the prompt heads ten focusable logos with alt text in a 5-column grid and nothing is revealed', () => {
    renderWithProviders(<LogosEasterEgg />);
    expect(
      screen.getByRole('heading', { name: 'Move a imagem, descubra um segredo' }),
    ).toBeInTheDocument();
    const logos = LOGO_NAMES.map((name) => screen.getByRole('img', { name: `Logo ${name}` }));
    expect(logos).toHaveLength(10);
    logos.forEach((logo) => expect(logo).toHaveAttribute('tabindex', '0'));
    expect(logos[0].closest('ul')).toHaveClass('grid-cols-5');
    expect(revealed()).toBe('');
  });

  it('when a logo is dragged, then a prefix of the phrase appears that grows with the distance moved', async () => {
    await renderDraggable();
    const python = screen.getByRole('img', { name: 'Logo Python' });

    await dragBy(python, 60, 60);
    const afterFirst = revealed();
    expect(afterFirst.length).toBeGreaterThan(0);
    expect(afterFirst.length).toBeLessThan(SECRET_MESSAGE.length);
    expect(SECRET_MESSAGE.startsWith(afterFirst)).toBe(true);
    // 120 px of movement at most (less the drag threshold) can never show more than this.
    expect(afterFirst.length).toBeLessThanOrEqual(revealedPrefix(SECRET_MESSAGE, 120).length);

    await dragBy(screen.getByRole('img', { name: 'Logo Swift' }), -70, 50);
    expect(revealed().length).toBeGreaterThan(afterFirst.length);
    expect(SECRET_MESSAGE.startsWith(revealed())).toBe(true);
  });

  it('when the logos have been dragged past the cap, then the whole phrase shows and stays', async () => {
    await renderDraggable();
    const react = screen.getByRole('img', { name: 'Logo React' });
    for (let drag = 0; drag < 6; drag += 1) {
      await dragBy(react, drag % 2 === 0 ? 200 : -200, 200);
    }
    expect(revealed()).toBe(SECRET_MESSAGE);

    await dragBy(react, 100, 100);
    expect(revealed()).toBe(SECRET_MESSAGE);
  });

  it('when nobody has pointed at the logos, then they stay plain images; a drag before framer-motion arrives still reveals the phrase', async () => {
    renderWithProviders(<LogosEasterEgg />);
    const kotlin = screen.getByRole('img', { name: 'Logo Kotlin' });
    await act(nextFrame);
    // framer-motion's logos carry its inline transform styles; a plain image has none until dragged.
    expect(kotlin.getAttribute('style')).toBeNull();

    // The press itself asks for framer-motion; the plain logo follows this first drag meanwhile.
    await dragBy(kotlin, 150, 150);
    expect(revealed().length).toBeGreaterThan(0);
    expect(revealed()).toBe(revealedPrefix(SECRET_MESSAGE, 300));
  });

  it('when a focused logo gets arrow keys, then each press counts as a step of movement', () => {
    renderWithProviders(<LogosEasterEgg />);
    const java = screen.getByRole('img', { name: 'Logo Java' });
    fireEvent.keyDown(java, { key: 'ArrowRight' });
    fireEvent.keyDown(java, { key: 'ArrowDown' });
    expect(revealed()).toBe(revealedPrefix(SECRET_MESSAGE, 2 * KEYBOARD_STEP_PX));

    fireEvent.keyDown(java, { key: 'Enter' });
    expect(revealed()).toBe(revealedPrefix(SECRET_MESSAGE, 2 * KEYBOARD_STEP_PX));

    for (let press = 0; press < EASTER_EGG_CAP / KEYBOARD_STEP_PX; press += 1) {
      fireEvent.keyDown(java, { key: 'ArrowLeft' });
    }
    expect(revealed()).toBe(SECRET_MESSAGE);
  });

  it('when part of the phrase is shown, then it is announced politely and the rest is hidden from screen readers', () => {
    renderWithProviders(<LogosEasterEgg />);
    fireEvent.keyDown(screen.getByRole('img', { name: 'Logo SQL' }), { key: 'ArrowUp' });
    const live = screen.getByTestId('secret-revealed').parentElement as HTMLElement;
    expect(live).toHaveAttribute('aria-live', 'polite');
    const rest = within(live).getByText(SECRET_MESSAGE.slice(revealed().length));
    expect(rest).toHaveAttribute('aria-hidden', 'true');
  });

  it('when the logos are reached by keyboard, then each says what it is for and one link skips all ten to the courses', async () => {
    await renderDraggable();
    // The draggable logo (framer-motion's) keeps the description the plain image had.
    const python = screen.getByRole('img', { name: 'Logo Python' });
    expect(python).toHaveAccessibleDescription(
      'Arraste o logo, ou use as setas do teclado, para revelar o segredo.',
    );
    expect(
      screen.getByRole('link', { name: 'Pular os logos e ir para os cursos' }),
    ).toHaveAttribute('href', '#cursos');
  });
});
