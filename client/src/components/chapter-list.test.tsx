import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { courseDetail } from '../test/course-fixtures';
import { ChapterList } from './chapter-list';

const chapters = courseDetail().courseContent;

/** A chapter by its heading: the toggle that holds the heading, and whether its lectures show. */
function chapter(name: RegExp) {
  const heading = screen.getByRole('heading', { level: 3, name });
  return {
    heading,
    toggle: heading.closest('summary') as HTMLElement,
    isOpen: () => (heading.closest('details') as HTMLDetailsElement).open,
  };
}

describe('ChapterList', () => {
  it('when shown, then each chapter gives its lecture count and duration, and only the first is open', () => {
    render(<ChapterList chapters={chapters} />);
    const intro = chapter(/Introdução/);
    const functions = chapter(/Funções/);
    expect(intro.heading).toHaveTextContent('2 aulas - 30 minutos');
    expect(functions.heading).toHaveTextContent('1 aula - 1 hora, 15 minutos');
    expect(intro.isOpen()).toBe(true);
    expect(functions.isOpen()).toBe(false);
    expect(screen.getByText('Boas-vindas')).toBeVisible();
    expect(screen.getByText('Declarando funções')).not.toBeVisible();
  });

  it('when chapters are toggled, then each opens and closes on its own', async () => {
    const user = userEvent.setup();
    render(<ChapterList chapters={chapters} />);
    await user.click(chapter(/Funções/).toggle);
    expect(chapter(/Funções/).isOpen()).toBe(true);
    expect(chapter(/Introdução/).isOpen()).toBe(true);
    expect(screen.getByText('Declarando funções')).toBeVisible();

    await user.click(chapter(/Introdução/).toggle);
    expect(chapter(/Introdução/).isOpen()).toBe(false);
    expect(screen.getByText('Boas-vindas')).not.toBeVisible();
    expect(screen.getByText('Declarando funções')).toBeVisible();
  });

  it('when the list re-renders, then a chapter the visitor opened or closed stays so', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ChapterList chapters={chapters} />);
    await user.click(chapter(/Introdução/).toggle);
    await user.click(chapter(/Funções/).toggle);
    rerender(<ChapterList chapters={chapters} onPreview={vi.fn()} />);
    expect(chapter(/Introdução/).isOpen()).toBe(false);
    expect(chapter(/Funções/).isOpen()).toBe(true);
  });

  it('when a lecture is listed, then its title and duration show', () => {
    render(<ChapterList chapters={chapters} />);
    const row = screen.getByText('Variáveis').closest('li') as HTMLElement;
    expect(within(row).getByText('20 minutos')).toBeInTheDocument();
  });

  it('when a lecture is a free preview with a link, then Pré-visualizar plays it; locked lectures have none', async () => {
    const user = userEvent.setup();
    const onPreview = vi.fn();
    render(<ChapterList chapters={chapters} onPreview={onPreview} />);
    const previews = screen.getAllByRole('button', { name: /Pré-visualizar/ });
    expect(previews).toHaveLength(1);
    await user.click(previews[0]);
    expect(onPreview).toHaveBeenCalledWith(chapters[0].chapterContent[0]);
  });

  it('when no preview handler is given, then no preview buttons show', () => {
    render(<ChapterList chapters={chapters} />);
    expect(screen.queryByRole('button', { name: /Pré-visualizar/ })).not.toBeInTheDocument();
  });
});
