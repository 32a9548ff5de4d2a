import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, unsafeTextMessage } from './safe-text';

/** Names invisible characters in a failing assertion: 'U+0061 U+200D'. */
const codePoints = (text: string) =>
  [...text]
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');

describe('hasUnsafeCharacters', () => {
  it('when the text is ordinary Portuguese, emoji or right-to-left script, then it is safe', () => {
    for (const text of [
      'Introdução à programação — módulo 1',
      'Preço: 19,99 € (IVA incluído)',
      'Curso 🚀 de \u{1F469}\u{1F3FD}\u200D\u{1F4BB} e \u{1F3F3}\uFE0F\u200D\u{1F308}',
      'مرحبا بالعالم',
      'שלום',
      '日本語のコース',
      '',
    ]) {
      expect(hasUnsafeCharacters(text), text).toBe(false);
    }
  });

  it('when the text holds NUL, another C0 control, DEL or a C1 control, then it is unsafe', () => {
    for (const char of [
      '\u0000',
      '\u0001',
      '\u0008',
      '\u000B',
      '\u001B',
      '\u007F',
      '\u0085',
      '\u009F',
    ]) {
      expect(hasUnsafeCharacters(`a${char}b`), codePoints(char)).toBe(true);
      expect(hasUnsafeCharacters(`a${char}b`, { multiline: true }), codePoints(char)).toBe(true);
    }
  });

  it('when the text holds a tab or a line break, then only multi-line text accepts it', () => {
    for (const char of ['\t', '\n', '\r']) {
      expect(hasUnsafeCharacters(`a${char}b`)).toBe(true);
      expect(hasUnsafeCharacters(`a${char}b`, { multiline: true })).toBe(false);
    }
  });

  it('when the text holds a zero-width character, then it is unsafe', () => {
    for (const char of ['\u200B', '\u200C', '\u200D', '\u2060', '\u2062', '\uFEFF']) {
      expect(hasUnsafeCharacters(`Pay${char}Pal`), codePoints(char)).toBe(true);
    }
  });

  it('when a zero-width joiner stands outside an emoji sequence, then it is unsafe', () => {
    for (const text of ['\u200Dabc', 'abc\u200D', '🚀\u200Da', 'a\u200D🚀']) {
      expect(hasUnsafeCharacters(text), codePoints(text)).toBe(true);
    }
  });

  it('when the text holds a bidi mark, embedding, override or isolate, then it is unsafe', () => {
    for (const char of [
      '\u061C',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(hasUnsafeCharacters(`foto${char}gpj.exe`), codePoints(char)).toBe(true);
    }
  });

  it('when the text holds half of a surrogate pair, then it is unsafe', () => {
    expect(hasUnsafeCharacters('a\uD800b')).toBe(true);
    expect(hasUnsafeCharacters('a\uDC00')).toBe(true);
    expect(hasUnsafeCharacters('\uD83D\uDE80')).toBe(false);
  });
});

describe('unsafeTextMessage', () => {
  it('when given the field, then the Portuguese message names it', () => {
    expect(unsafeTextMessage('O título do curso')).toBe(
      'O título do curso contém caracteres não permitidos (de controle ou invisíveis)',
    );
  });
});
