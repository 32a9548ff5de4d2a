import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from './use-page-title';

function Page({ title, description }: { title: string; description?: string }) {
  usePageTitle(title, description);
  return null;
}

describe('usePageTitle', () => {
  it('when a page sets its title and description, then the tab shows "{title} | {brand}" and the meta is updated', () => {
    render(<Page title="Lista de Cursos" description="Todos os cursos do catálogo." />);
    expect(document.title).toBe('Lista de Cursos | Aprendiz');
    const meta = document.head.querySelector('meta[name="description"]');
    expect(meta).toHaveAttribute('content', 'Todos os cursos do catálogo.');
  });

  it('when the title already names the brand, then it is used as is', () => {
    render(<Page title="Aprendiz — cursos online de tecnologia" />);
    expect(document.title).toBe('Aprendiz — cursos online de tecnologia');
  });
});
