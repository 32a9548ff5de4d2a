import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrCodePath } from './qr-code';

/** The cells the path paints, as 'row,col', read back from its `M x y h w v1 h-w z` rectangles. */
function paintedCells(d: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(width); i += 1) cells.add(`${Number(y)},${Number(x) + i}`);
  }
  return cells;
}

describe('qrCodePath', () => {
  it('when an address is drawn, then the path paints exactly its dark modules, inside a one-module quiet zone', () => {
    const text = 'https://aprendiz.example/certificate/AbCdEfGhIjKlMnOpQrStUv';
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const dark = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) dark.add(`${row + 1},${col + 1}`);
      }
    }

    const { size, d } = qrCodePath(text);

    expect(size).toBe(modules.size + 2);
    expect(paintedCells(d)).toEqual(dark);
    // One rectangle per run of dark modules, not one per module.
    expect(d.match(/M/g)!.length).toBeLessThan(dark.size);
  });
});
