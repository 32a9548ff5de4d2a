import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../content/jobs';
import { renderWithProviders, testUser } from '../../test/render';
import JobListPage, { filterJobs } from './job-list';

function jobTitles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

describe('jobs data', () => {
  it('when read, then it holds twenty jobs of the three types, salaries per month in the currency paid where the job is, and a remote flag matching the location', () => {
    expect(jobs).toHaveLength(20);
    expect(new Set(jobs.map((job) => job.type))).toEqual(
      new Set(['Full-time', 'Part-time', 'Internship']),
    );
    for (const job of jobs) {
      // Brazil pays in reais, Portugal in euros (written after the number), Angola in kwanzas; a
      // remote contract elsewhere in dollars.
      const currency = job.location.endsWith('Portugal')
        ? /^\d{1,3}(\.\d{3})* € \/mês$/
        : job.location.endsWith('Angola')
          ? /^Kz \d{1,3}(\.\d{3})* \/mês$/
          : job.location.endsWith('Moçambique')
            ? /^US\$ \d{1,3}(\.\d{3})* \/mês$/
            : /^R\$ \d{1,3}(\.\d{3})* \/mês$/;
      expect(job.salary).toMatch(currency);
      expect(job.location.startsWith('Remoto')).toBe(job.remote);
      expect(job.applyLink).toMatch(/^https:\/\//);
    }
    expect(new Set(jobs.map((job) => job.id)).size).toBe(20);
  });
});

describe('filterJobs', () => {
  it('when given a term in any case, then only titles containing it are kept', () => {
    const titles = filterJobs(jobs, 'ESTÁGIO').map((job) => job.title);
    expect(titles.length).toBeGreaterThan(0);
    titles.forEach((title) => expect(title.toLowerCase()).toContain('estágio'));
  });

  it('when the term lacks the accents, then the same jobs are kept', () => {
    expect(filterJobs(jobs, 'estagio')).toEqual(filterJobs(jobs, 'Estágio'));
  });

  it('when the term names a company or a place, then its jobs are kept', () => {
    expect(filterJobs(jobs, 'pagafacil').map((job) => job.company)).toEqual(['PagaFácil']);
    const inSaoPaulo = filterJobs(jobs, 'sao paulo');
    expect(inSaoPaulo.length).toBeGreaterThan(0);
    inSaoPaulo.forEach((job) => expect(job.location).toContain('São Paulo'));
  });
});

describe('JobListPage', () => {
  it('when opened, then the title, the filter and twenty cards with title, company, salary, location, clamped description and Aplicar Agora show', () => {
    renderWithProviders(<JobListPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Vagas de Emprego' })).toBeInTheDocument();
    expect(
      screen.getByRole('searchbox', { name: 'Filtrar vagas por título, empresa ou local' }),
    ).toHaveAttribute('placeholder', 'Filtrar por título de vaga...');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(20);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: jobs[0].title })).toBeInTheDocument();
    expect(first.getByText(jobs[0].company)).toBeInTheDocument();
    expect(first.getByText(jobs[0].salary)).toBeInTheDocument();
    expect(first.getByText(jobs[0].location)).toBeInTheDocument();
    expect(first.getByText(jobs[0].description)).toHaveClass('line-clamp-4');
    expect(first.getByRole('button', { name: /Aplicar Agora/ })).toBeInTheDocument();
  });

  it('when a title is typed, then only matching jobs remain, case-insensitively', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JobListPage />);
    expect(screen.getByRole('status')).toHaveTextContent('20 vagas encontradas');
    await user.type(screen.getByRole('searchbox'), 'kotlin');
    expect(jobTitles()).toEqual(['Desenvolvedor Mobile Kotlin']);
    expect(screen.getByRole('status')).toHaveTextContent('1 vaga encontrada');
  });

  it('when nothing matches, then "Nenhuma vaga encontrada com esse título." shows', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JobListPage />);
    await user.type(screen.getByRole('searchbox'), 'astronauta');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nenhuma vaga encontrada com esse título.',
    );
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('when a visitor presses Aplicar Agora, then sign-in opens and no dialog', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<JobListPage />);
    await user.click(screen.getAllByRole('button', { name: /Aplicar Agora/ })[3]);
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a signed-in user presses Aplicar Agora, then Em desenvolvimento opens and Fechar closes it', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<JobListPage />, { auth: { user: testUser } });
    await user.click(screen.getAllByRole('button', { name: /Aplicar Agora/ })[0]);
    expect(screen.getByRole('dialog', { name: 'Em desenvolvimento' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(auth.openSignIn).not.toHaveBeenCalled();
  });
});
