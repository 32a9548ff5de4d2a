import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { env } from '../config/env';
import { renderWithProviders } from '../test/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('when shown, then it links every public page and names the brand in the copyright line', () => {
    const appBrand = env.brand;
    env.brand = 'Saber';
    onTestFinished(() => {
      env.brand = appBrand;
    });
    renderWithProviders(<Footer />);
    const links = within(screen.getByRole('navigation', { name: 'Rodapé' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Início', '/'],
      ['Cursos', '/course-list'],
      ['Mentores', '/mentors-list'],
      ['Vagas', '/job-list'],
      ['Contato', '/contact'],
      ['Política de Privacidade', '/privacy-policy'],
    ]);
    expect(screen.getByText(/© \d{4} Saber\. Todos os direitos reservados\./)).toBeInTheDocument();
  });
});
