/** What a word at each weight counts for in a cover (PostgreSQL's ts_rank_cd defaults, by weight code). */
const WEIGHT_VALUE = [0.1, 0.2, 0.4, 1.0];
const INVERSE = WEIGHT_VALUE.map((value) => 1 / value);

/**
 * How closely a document holds every word of a query, by cover density: the same measure as
 * PostgreSQL's `ts_rank_cd` with its default weights and no normalisation, which this search used
 * before its index moved into memory (docs/decisions/2026-11-26-search-index-in-process.md).
 *
 * `document` is the course's positions in order, as pairs (lexeme id, position × 4 + weight);
 * `maskOf` gives, per lexeme id, the bits of the query's words it stands for (0 for none); `all` is
 * every word's bit. A cover is a shortest run of the document holding every word; each adds the
 * mean weight of its words divided by one plus the words between them that are not the query's.
 */
export function coverDensity(
  document: Int32Array,
  maskOf: (lexemeId: number) => number,
  all: number,
): number {
  // The document's positions that stand for a word of the query, in order (one lexeme may stand
  // for several words: a prefix and a whole word).
  const positions: number[] = [];
  const weights: number[] = [];
  const masks: number[] = [];
  for (let at = 0; at < document.length; at += 2) {
    const mask = maskOf(document[at]!);
    if (mask === 0) continue;
    positions.push(document[at + 1]! >> 2);
    weights.push(document[at + 1]! & 3);
    masks.push(mask);
  }
  let density = 0;
  let start = 0;
  for (;;) {
    // The end of the next cover: the first point from `start` by which every word has been seen.
    let seen = 0;
    let end = -1;
    for (let at = start; at < positions.length; at++) {
      seen |= masks[at]!;
      if (seen === all) {
        end = at;
        break;
      }
    }
    if (end < 0) break;
    // Its beginning: walking back from the end, the last point needed to see every word again.
    seen = 0;
    let begin = end;
    for (let at = end; at >= start; at--) {
      seen |= masks[at]!;
      if (seen === all) {
        begin = at;
        break;
      }
    }
    let inverseSum = 0;
    for (let at = begin; at <= end; at++) inverseSum += INVERSE[weights[at]!]!;
    const held = end - begin + 1;
    let noise = positions[end]! - positions[begin]! - (end - begin);
    if (noise < 0) noise = Math.trunc((end - begin) / 2);
    density += held / inverseSum / (1 + noise);
    start = begin + 1;
  }
  // ts_rank_cd answers a single-precision float: ties between courses fall as they did.
  return Math.fround(density);
}
