import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SearchBar } from './search-bar';

describe('SearchBar', () => {
  it('when text is typed and Pesquisar pressed, then it goes to /course-list/{text}', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBar />);
    const box = screen.getByRole('combobox', { name: 'Pesquisar cursos' });
    expect(box).toHaveAttribute('placeholder', 'Vamos aprender ...');
    await user.type(box, 'react avançado');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(location()).toBe(`/course-list/${encodeURIComponent('react avançado')}`);
  });

  it('when submitted empty with Enter, then it still submits, to the full list', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBar />, { route: '/contact' });
    await user.type(screen.getByRole('combobox', { name: 'Pesquisar cursos' }), '{Enter}');
    expect(location()).toBe('/course-list');
  });

  it('when given a query to keep, then the new search carries it', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBar keepQuery="level=iniciante&sort=price" />);
    await user.type(screen.getByRole('combobox', { name: 'Pesquisar cursos' }), 'sql{Enter}');
    expect(location()).toBe('/course-list/sql?level=iniciante&sort=price');
  });

  it('when given an initial value, then the box is pre-filled', () => {
    renderWithProviders(<SearchBar initialValue="python" />);
    expect(screen.getByRole('combobox', { name: 'Pesquisar cursos' })).toHaveValue('python');
  });
});
