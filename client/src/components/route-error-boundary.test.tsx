import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function renderRoute(loader: () => unknown) {
  const router = createMemoryRouter([
    { path: '/', loader, Component: () => <h1>Página</h1>, ErrorBoundary: RouteErrorBoundary },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteErrorBoundary', () => {
  it('when a loader throws, then its message shows in Portuguese with Tentar novamente, which reads it again', async () => {
    let fail = true;
    renderRoute(() => {
      if (fail) throw new Error('Servidor indisponível');
      return null;
    });
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Servidor indisponível');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Página' })).toBeInTheDocument();
  });

  it('when a loader answers 404, then the page says it was not found', async () => {
    renderRoute(() => {
      throw data(null, { status: 404 });
    });
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
  });
});
