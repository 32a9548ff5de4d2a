import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchBar } from '../search-bar';

const answer = {
  success: true,
  courses: [
    {
      _id: 'c1',
      courseTitle: 'Docker Essencial para Programadores',
      educatorName: 'Rafael Nascimento',
    },
    { _id: 'c2', courseTitle: 'Kubernetes: Introdução Prática', educatorName: 'Rafael Nascimento' },
  ],
  educators: [{ name: 'Rafael Nascimento', courseCount: 6 }],
};

function stubSuggest() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(new URL(url, 'http://localhost').searchParams.get('q') ?? '');
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('SearchCombobox', () => {
  it('when 1 character is typed, then nothing is asked and the list stays closed', async () => {
    const asked = stubSuggest();
    const user = userEvent.setup();
    renderWithProviders(<SearchBar />);
    const box = screen.getByRole('combobox', { name: 'Pesquisar cursos' });
    await user.type(box, 'd');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('when a word is typed, then one request is made for the whole word and the suggestions are listed and counted', async () => {
    const asked = stubSuggest();
    const user = userEvent.setup();
    renderWithProviders(<SearchBar />);
    const box = screen.getByRole('combobox', { name: 'Pesquisar cursos' });
    await user.type(box, 'dokcer');
    const options = await screen.findAllByRole('option');
    expect(asked).toEqual(['dokcer']);
    expect(options.map((option) => option.textContent)).toEqual([
      'Docker Essencial para ProgramadoresRafael Nascimento',
      'Kubernetes: Introdução PráticaRafael Nascimento',
      'Cursos de Rafael Nascimento6 cursos',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(screen.getByText('3 sugestões disponíveis')).toBeInTheDocument();
  });

  it('when arrows choose a course and Enter is pressed, then the course opens', async () => {
    stubSuggest();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBar />);
    const box = screen.getByRole('combobox', { name: 'Pesquisar cursos' });
    await user.type(box, 'kube');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/course/c2');
  });

  it('when Esc closes the list and Enter is pressed, then the typed text is searched', async () => {
    stubSuggest();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBar />);
    const box = screen.getByRole('combobox', { name: 'Pesquisar cursos' });
    await user.type(box, 'rafael');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/course-list/rafael');
  });
});
