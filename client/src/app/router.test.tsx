import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api-stub';
import { AppRoutes } from './router';

function renderAt(path: string) {
  const { calls } = stubApi(({ url }) =>
    url === '/api/online' ? { data: 1 } : { data: { success: true, courses: [] } },
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return { calls };
}

describe('routes', () => {
  it('when the address is unknown, then a Portuguese 404 page links back home inside the public layout', async () => {
    renderAt('/rota-que-nao-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação inferior' })).toBeInTheDocument();
  });

  it('when a public page opens, then a skip link leads to the main content', async () => {
    renderAt('/rota-que-nao-existe');
    const skip = screen.getByRole('link', { name: 'Ir para o conteúdo' });
    expect(skip).toHaveAttribute('href', '#conteudo');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
  });

  it('when a lazily loaded page is opened, then it renders inside the layout after loading', async () => {
    renderAt('/privacy-policy');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
  });

  it('when the app starts, then the course list is requested once', async () => {
    const { calls } = renderAt('/rota-que-nao-existe');
    await screen.findByRole('heading', { name: 'Página não encontrada' });
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/course/all')).toBe(true));
    expect(calls.filter((call) => call.url === '/api/course/all')).toHaveLength(1);
  });

  it('when a signed-out visitor opens the educator area, then its own shell shows without the public bar and footer', async () => {
    renderAt('/educator');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Área do educador' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('site-header')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Navegação inferior' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Copyright 2025 ©/)).toBeInTheDocument();
  });
});
