import { describe, expect, it } from 'vitest';
import { searchUrl } from '../../../data/api-catalogue-source';
import { readFilters, readPage, searchQuery, writeFilters } from './search-params';

describe('readFilters', () => {
  it('when the query names a known category, level and sort, then they are read', () => {
    expect(readFilters(new URLSearchParams('category=dados-ia&level=avancado&sort=price'))).toEqual(
      { category: 'dados-ia', level: 'avancado', sort: 'price' },
    );
  });

  it('when the query is empty or holds unknown values, then no filter and relevance', () => {
    const none = { category: null, level: null, sort: 'relevance' };
    expect(readFilters(new URLSearchParams())).toEqual(none);
    expect(readFilters(new URLSearchParams('category=culinaria&level=x&sort=cheapest'))).toEqual(
      none,
    );
  });
});

describe('writeFilters', () => {
  it('when filters are at their defaults, then the query is empty', () => {
    expect(writeFilters({ category: null, level: null, sort: 'relevance' }).toString()).toBe('');
  });

  it('when filters are set, then they round-trip through the query', () => {
    const filters = { category: 'seguranca', level: 'iniciante', sort: 'newest' } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });
});

describe('readPage', () => {
  it('when the address names a page, then it is read; else the first', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams())).toBe(1);
    expect(readPage(new URLSearchParams('page=0'))).toBe(1);
    expect(readPage(new URLSearchParams('page=2.5'))).toBe(1);
    expect(readPage(new URLSearchParams('page=x'))).toBe(1);
  });
});

describe('searchUrl', () => {
  it('when built, then it carries the term, the set filters, the sort and the page', () => {
    const query = searchQuery('ação & c', { category: 'design', level: null, sort: 'rating' }, 2);
    expect(searchUrl(query)).toBe(
      '/api/course/search?q=a%C3%A7%C3%A3o+%26+c&category=design&sort=rating&page=2&pageSize=24',
    );
  });
});
