import { describe, expect, it } from 'vitest';
import {
  countWordsFound,
  rankBySearch,
  searchWords,
  stemWord,
  withinOneTypo,
  wordFinds,
} from './search-words';

describe('searchWords', () => {
  it('when a query has stop words, filler, accents and repeats, then only the words that count are kept, folded, in order', () => {
    expect(searchWords('Curso de PYTHON para Iniciantes python')).toEqual({
      words: ['python', 'iniciantes'],
      ignored: ['curso', 'de', 'para'],
    });
    expect(searchWords('Node.js & C++')).toEqual({ words: ['node', 'js', 'c'], ignored: [] });
    expect(searchWords('curso de a e o').words).toEqual([]);
    expect(searchWords('').words).toEqual([]);
  });
});

describe('word rules', () => {
  it('when two forms of a word are stemmed, then they meet', () => {
    expect(stemWord('automatizar')).toBe(stemWord('automatizacao'));
    expect(stemWord('relatorio')).toBe(stemWord('relatorios'));
    expect(stemWord('pratica')).toBe(stemWord('pratico'));
    expect(stemWord('testes')).toBe(stemWord('teste'));
    expect(stemWord('git')).toBe('git');
  });

  it('when two words are one letter missing, added, replaced or swapped apart, then they are one typo apart, and two typos are not', () => {
    expect(withinOneTypo('pythn', 'python')).toBe(true);
    expect(withinOneTypo('pythonn', 'python')).toBe(true);
    expect(withinOneTypo('pithon', 'python')).toBe(true);
    expect(withinOneTypo('dokcer', 'docker')).toBe(true);
    expect(withinOneTypo('kubernets', 'kubernetes')).toBe(true);
    expect(withinOneTypo('dkocre', 'docker')).toBe(false);
    expect(withinOneTypo('java', 'javascript')).toBe(false);
  });

  it('when the last word is typed, then it is a prefix; other words and short ones forgive no prefix or typo', () => {
    expect(wordFinds('javascrip', 'javascript', true)).toBe(true);
    expect(wordFinds('javascrip', 'javascript', false)).toBe(true); // one letter missing
    expect(wordFinds('java', 'javascript', false)).toBe(false);
    expect(wordFinds('git', 'gut', false)).toBe(false);
  });

  it('when a text holds some of the words, then they are counted whatever the order and accents', () => {
    expect(countWordsFound('Análise de Dados com Python', ['python', 'analise'])).toBe(2);
    expect(countWordsFound('Análise de Dados com Python', ['python', 'react'])).toBe(1);
  });
});

describe('rankBySearch', () => {
  const mentors = [
    'Ana Souza — Python, Dados',
    'João Lima — React, JavaScript',
    'Rita — Python, React',
  ];

  it('when every word is held by one item, then it comes first, then items with most words; items with none are left out', () => {
    expect(rankBySearch(mentors, (m) => m, 'react pyton')).toEqual([
      'Rita — Python, React',
      'Ana Souza — Python, Dados',
      'João Lima — React, JavaScript',
    ]);
    expect(rankBySearch(mentors, (m) => m, 'joao')).toEqual(['João Lima — React, JavaScript']);
    expect(rankBySearch(mentors, (m) => m, 'xyzzy')).toEqual([]);
  });

  it('when the query has no word that counts, then the whole list is kept in its order', () => {
    expect(rankBySearch(mentors, (m) => m, 'de para')).toEqual(mentors);
  });
});
