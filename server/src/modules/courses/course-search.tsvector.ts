/**
 * PostgreSQL's weights as it stores them beside each position: A (3) is a title, C (1) a category
 * or level label, D (0, printed without a letter) description text or an outline.
 */
export const WEIGHT = { D: 0, C: 1, B: 2, A: 3 } as const;

const WEIGHT_OF_LETTER: Record<string, number> = {
  A: WEIGHT.A,
  B: WEIGHT.B,
  C: WEIGHT.C,
  D: WEIGHT.D,
};

/**
 * Reads a tsvector in PostgreSQL's text output (`'dock':3A,7 'zer':5`) and calls `visit` once per
 * lexeme with its positions and weights, as pairs in `positions` (position, weight). A lexeme
 * stored without positions gets position 0 and weight D, as PostgreSQL's own ranking reads it.
 * Quotes inside a lexeme are doubled and a backslash escapes the next character.
 */
export function readTsvector(
  text: string,
  visit: (lexeme: string, positions: readonly number[]) => void,
): void {
  let at = 0;
  const positions: number[] = [];
  while (at < text.length) {
    while (text[at] === ' ') at++;
    if (at >= text.length) break;
    if (text[at] !== "'") throw new Error(`not a tsvector at ${at}: ${text.slice(at, at + 20)}`);
    at++;
    let lexeme = '';
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error('unterminated lexeme in a tsvector');
      if (char === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (char === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (char === "'") {
        at++;
        break;
      } else {
        lexeme += char;
        at++;
      }
    }
    positions.length = 0;
    if (text[at] === ':') {
      at++;
      for (;;) {
        let position = 0;
        while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) {
          position = position * 10 + text.charCodeAt(at) - 48;
          at++;
        }
        const letter = text[at];
        let weight: number = WEIGHT.D;
        if (letter !== undefined && letter in WEIGHT_OF_LETTER) {
          weight = WEIGHT_OF_LETTER[letter]!;
          at++;
        }
        positions.push(position, weight);
        if (text[at] !== ',') break;
        at++;
      }
    } else {
      positions.push(0, WEIGHT.D);
    }
    visit(lexeme, positions);
  }
}
