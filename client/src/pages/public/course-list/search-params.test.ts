import { describe, expect, it } from 'vitest';
import { searchUrl } from '../../../data/api-catalogue-source';
import {
  readFilters,
  readPage,
  readShownPages,
  searchQuery,
  SHOWN_PAGES_MAX,
  writeFilters,
  writeShownPages,
} from './search-params';

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

describe('readShownPages / writeShownPages', () => {
  it('when the address says how many courses show, then that many whole pages are read', () => {
    expect(readShownPages(new URLSearchParams(''))).toBe(1);
    expect(readShownPages(new URLSearchParams('mostrar=24'))).toBe(1);
    expect(readShownPages(new URLSearchParams('mostrar=48'))).toBe(2);
    // An edited count is rounded up to whole pages.
    expect(readShownPages(new URLSearchParams('mostrar=30'))).toBe(2);
  });

  it('when the count is not a number, or asks for more pages than one address may, then 1 or the most', () => {
    expect(readShownPages(new URLSearchParams('mostrar=muitos'))).toBe(1);
    expect(readShownPages(new URLSearchParams('mostrar=-48'))).toBe(1);
    expect(readShownPages(new URLSearchParams('mostrar=240000'))).toBe(SHOWN_PAGES_MAX);
  });

  it('when Ver mais shows another page, then the count is written beside the filters, and left out for the first page', () => {
    const params = new URLSearchParams('sort=price');
    expect(writeShownPages(params, 2).toString()).toBe('sort=price&mostrar=48');
    expect(writeShownPages(new URLSearchParams('sort=price&mostrar=48'), 3).toString()).toBe(
      'sort=price&mostrar=72',
    );
    expect(writeShownPages(new URLSearchParams('mostrar=48'), 1).toString()).toBe('');
    // The params given are left as they were.
    expect(params.toString()).toBe('sort=price');
  });
});
