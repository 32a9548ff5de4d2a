import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders } from '../../test/render';
import PrivacyPolicyPage from './privacy-policy';

describe('PrivacyPolicyPage', () => {
  it('when opened, then it has one h1, the effective date and a heading for every section of the policy', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Em vigor desde 11 de abril de 2025')).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'A sua privacidade',
      'Dados que coletamos',
      'Retenção dos dados',
      'Compartilhamento com terceiros',
      'Links externos',
      'Dados opcionais',
      'Os seus direitos e como exercê-los',
      'Cookies e rastreamento',
      'Compromisso do usuário',
      'Mais informações',
    ]);
  });

  it('when the collected data are listed, then name, e-mail, course progress, mentoring bookings and technical challenges are all there', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    const collected = screen.getByRole('region', { name: 'Dados que coletamos' });
    for (const item of [
      /nome/,
      /e-mail/,
      /progresso nos cursos/,
      /mentoria/,
      /desafios técnicos/,
    ]) {
      expect(collected).toHaveTextContent(item);
    }
  });

  it('when the brand is configured, then the policy names it', () => {
    renderWithProviders(<PrivacyPolicyPage />, { app: { brand: 'Escola X' } });
    expect(screen.getByRole('region', { name: 'A sua privacidade' })).toHaveTextContent(
      'É política da Escola X',
    );
  });

  it('when the operator named the controller and contact, then the policy names both, with every right, the retention and no non-essential cookies', async () => {
    stubApi(() => ({
      data: {
        success: true,
        controllerName: 'Aprendiz Educação Ltda.',
        contactEmail: 'privacidade@aprendiz.example',
      },
    }));
    renderWithProviders(<PrivacyPolicyPage />);
    const first = screen.getByRole('region', { name: 'A sua privacidade' });
    expect(
      await within(first).findByText('Aprendiz Educação Ltda.', {}, LOADED),
    ).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'privacidade@aprendiz.example' }),
    ).toHaveAttribute('href', 'mailto:privacidade@aprendiz.example');
    const rights = screen.getByRole('region', { name: 'Os seus direitos e como exercê-los' });
    for (const right of [/Baixar meus dados/, /Excluir minha conta/, /15 dias/, /ANPD/, /CNPD/]) {
      expect(rights).toHaveTextContent(right);
    }
    expect(screen.getByRole('region', { name: 'Retenção dos dados' })).toHaveTextContent(
      /5 anos no Brasil/,
    );
    expect(screen.getByRole('region', { name: 'Cookies e rastreamento' })).toHaveTextContent(
      /não usa cookies nem tecnologias de rastreamento que não sejam essenciais/,
    );
  });
});
