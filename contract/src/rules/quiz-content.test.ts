import { describe, expect, it } from 'vitest';
import { quizHeading } from './quiz-content';

describe('quizHeading', () => {
  it('when the title is the chapter’s or the educator’s own words, then it reads with one prefix', () => {
    expect(quizHeading('Fundamentos')).toBe('Questionário: Fundamentos');
    expect(quizHeading('  Revisão final ')).toBe('Questionário: Revisão final');
  });

  it('when the title already starts with the word (as the editor used to write it), then it is not doubled', () => {
    expect(quizHeading('Questionário: Fundamentos')).toBe('Questionário: Fundamentos');
    expect(quizHeading('questionario do capítulo 2')).toBe('questionario do capítulo 2');
    expect(quizHeading('Questionários e provas')).toBe('Questionário: Questionários e provas');
  });
});
