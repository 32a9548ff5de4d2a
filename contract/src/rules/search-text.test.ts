import { describe, expect, it } from 'vitest';
import { includesForSearch, normalizeForSearch } from './search-text';

describe('normalizeForSearch', () => {
  it('when text has accents, cedillas or capitals, then they are dropped', () => {
    expect(normalizeForSearch('Programação')).toBe('programacao');
    expect(normalizeForSearch('ESTÁGIO em São Paulo')).toBe('estagio em sao paulo');
    expect(normalizeForSearch('Ünïcödé Ñ')).toBe('unicode n');
  });

  it('when text is already plain, then it is unchanged', () => {
    expect(normalizeForSearch('react 19')).toBe('react 19');
    expect(normalizeForSearch('')).toBe('');
  });

  it('when an accent is typed as a separate combining mark, then it is dropped too', () => {
    expect(normalizeForSearch('Avanc\u0327ado')).toBe('avancado');
  });
});

describe('includesForSearch', () => {
  it('when the needle differs only in accents or case, then it is found', () => {
    expect(includesForSearch('Introdução à Programação', 'PROGRAMACAO')).toBe(true);
    expect(includesForSearch('Estágio em Dados', 'estagio')).toBe(true);
    expect(includesForSearch('Python', 'java')).toBe(false);
    expect(includesForSearch('Python', '')).toBe(true);
  });
});
