import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerDrawnList } from './server-drawn-list';

type Item = { id: string; title: string };
const FIRST: Item[] = [
  { id: 'a', title: 'Python do zero' },
  { id: 'b', title: 'JavaScript essencial' },
];

let showOthers: () => void = () => {};

function Catalogue({ initial }: { initial: Item[] }) {
  const [items, setItems] = useState(initial);
  showOthers = () => setItems([{ id: 'c', title: 'React na prática' }]);
  return (
    <ServerDrawnList items={items} className="grid">
      {items.map((item) => (
        <li key={item.id}>
          <a href={`/course/${item.id}`}>{item.title}</a>
        </li>
      ))}
    </ServerDrawnList>
  );
}

function App() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Catalogue initial={FIRST} />} />
        <Route path="/course/:id" element={<p>Página do curso</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/** The page as the server sends it, then hydrated in this document. */
async function hydrated(): Promise<{ container: HTMLElement; root: Root }> {
  vi.stubEnv('SSR', true);
  const html = renderToString(<App />);
  vi.unstubAllEnvs();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, <App />, {
      onRecoverableError: (error) => {
        throw error;
      },
    });
  });
  return { container, root };
}

function click(element: Element) {
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
}

beforeAll(() => {
  // Hydration is driven by hand here, not through Testing Library, which would say so itself.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllEnvs();
});

describe('ServerDrawnList', () => {
  it('when rendered on the server, then its items are in the HTML', () => {
    vi.stubEnv('SSR', true);
    const html = renderToString(<App />);
    expect(html).toContain('href="/course/a"');
    expect(html).toContain('JavaScript essencial');
  });

  it('when hydrated, then React does not walk the items: the server-drawn ones stay as they are', async () => {
    const recoverable = vi.fn();
    vi.stubEnv('SSR', true);
    // The server's items differ from what the browser would draw: hydrating them would be a
    // mismatch, which React recovers from by drawing them again.
    const html = renderToString(<App />).replace('Python do zero', 'Python do zero (servidor)');
    vi.unstubAllEnvs();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverLink = container.querySelector('a[href="/course/a"]');
    await act(async () => {
      hydrateRoot(container, <App />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('a[href="/course/a"]')).toBe(serverLink);
    expect(serverLink?.textContent).toBe('Python do zero (servidor)');
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });

  it('when a server-drawn link is clicked, then the router follows it without a page load', async () => {
    const { container } = await hydrated();
    const link = container.querySelector('a[href="/course/b"]')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      link.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(container.textContent).toBe('Página do curso');
  });

  it('when a click is modified or opens elsewhere, then the browser handles it', async () => {
    const { container } = await hydrated();
    const link = container.querySelector('a[href="/course/a"]')!;
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    await act(async () => {
      link.dispatchEvent(withCtrl);
    });
    expect(withCtrl.defaultPrevented).toBe(false);
    link.setAttribute('target', '_blank');
    await act(async () => {
      click(link);
    });
    expect(container.textContent).toContain('Python do zero');
  });

  it('when the items change after hydration, then React draws the new ones', async () => {
    const { container } = await hydrated();
    await act(async () => {
      showOthers();
    });
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'React na prática',
    ]);
  });

  it('when first drawn in the browser, then its items are drawn by React', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      createRoot(container).render(<App />);
    });
    expect(container.querySelectorAll('li')).toHaveLength(2);
    await act(async () => {
      click(container.querySelector('a[href="/course/a"]')!);
    });
    expect(container.textContent).toBe('Página do curso');
  });
});
