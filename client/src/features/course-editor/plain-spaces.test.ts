import { describe, expect, it } from 'vitest';
import { plainSpaces } from './plain-spaces';

describe('plainSpaces', () => {
  it("when Quill's export writes every typed space as &nbsp;, then ordinary spaces come back", () => {
    expect(plainSpaces('<p>Aprenda&nbsp;a&nbsp;<strong>transformar&nbsp;dados</strong></p>')).toBe(
      '<p>Aprenda a <strong>transformar dados</strong></p>',
    );
  });

  it('when the text holds a pasted U+00A0, then it becomes an ordinary space too', () => {
    expect(plainSpaces('<p>25\u00a0horas</p>')).toBe('<p>25 horas</p>');
  });

  it('when several spaces were typed in a row, then each stays a space (HTML shows them as one)', () => {
    expect(plainSpaces('<p>a&nbsp;&nbsp;&nbsp;b</p>')).toBe('<p>a   b</p>');
  });

  it('when the text spells out &nbsp; itself, then that text is kept', () => {
    expect(plainSpaces('<p>escreva&nbsp;&amp;nbsp;</p>')).toBe('<p>escreva &amp;nbsp;</p>');
  });
});
