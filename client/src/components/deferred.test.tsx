import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLoaderData } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { settle, type LoadResult } from '../data/load-result';
import { ApiError } from '../lib/api-client';
import { LOADED, renderWithProviders } from '../test/render';
import { Deferred } from './deferred';
import { Loader } from './loader';

function Page() {
  const { result } = useLoaderData() as { result: Promise<LoadResult<string[]>> };
  return (
    <Deferred
      result={result}
      pending={<Loader label="Carregando a lista…" />}
      failedTitle="Não foi possível carregar a lista"
      notFound={<p>Lista não encontrada</p>}
    >
      {(items) => <p>{items.join(', ')}</p>}
    </Deferred>
  );
}

function renderPage(read: () => Promise<string[]>) {
  return renderWithProviders(<Page />, { loader: () => ({ result: settle(read) }) });
}

describe('Deferred', () => {
  it('while the read is on its way, then the pending element shows', async () => {
    renderPage(() => new Promise(() => {}));
    expect(await screen.findByRole('status', { name: 'Carregando a lista…' })).toBeInTheDocument();
  });

  it('when the read arrives, then its data renders', async () => {
    renderPage(async () => ['um', 'dois']);
    expect(await screen.findByText('um, dois', {}, LOADED)).toBeInTheDocument();
  });

  it('when the read fails, then the message shows with Tentar novamente, and a retry that succeeds shows the data', async () => {
    let fail = true;
    renderPage(async () => {
      if (fail) throw new ApiError('Serviço indisponível', 503);
      return ['três'];
    });
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar a lista' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('Serviço indisponível')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('três', {}, LOADED)).toBeInTheDocument();
  });

  it('when the resource does not exist (404), then the not-found element shows instead of an error', async () => {
    renderPage(async () => {
      throw new ApiError('Não encontrado', 404);
    });
    expect(await screen.findByText('Lista não encontrada', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });
});
