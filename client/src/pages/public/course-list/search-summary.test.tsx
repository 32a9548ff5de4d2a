import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseSearchResponse } from '@aprendiz/contract/courses';
import { UnmatchedWords } from './search-summary';

const answer = (extra: Partial<CourseSearchResponse>): CourseSearchResponse => ({
  success: true,
  courses: [],
  total: 3,
  page: 1,
  pageSize: 24,
  ...extra,
});

describe('UnmatchedWords', () => {
  it('when no single course holds every word, then the page says the list has courses with some of them', () => {
    render(<UnmatchedWords result={answer({ unmatchedWords: [], partialMatch: true })} />);
    expect(
      screen.getByText('Nenhum curso tem todas as palavras; mostrando os que têm algumas.'),
    ).toBeInTheDocument();
  });

  it('when a word no course holds, then it is named, not the partial sentence', () => {
    render(<UnmatchedWords result={answer({ unmatchedWords: ['eclipses'] })} />);
    expect(screen.getByText(/Nenhum curso tem a palavra/)).toHaveTextContent(
      'Nenhum curso tem a palavra “eclipses”: mostramos os que têm as outras.',
    );
    expect(screen.queryByText(/todas as palavras/)).not.toBeInTheDocument();
  });

  it('when a course holds every word, or nothing matched, then nothing is said', () => {
    const { container, rerender } = render(<UnmatchedWords result={answer({})} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<UnmatchedWords result={answer({ total: 0, partialMatch: true })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
