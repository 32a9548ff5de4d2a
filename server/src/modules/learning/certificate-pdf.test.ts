import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOGO } from './certificate-pdf';

const logoFile = readFileSync(
  new URL('../../../../client/public/icons/logo.svg', import.meta.url),
  'utf8',
);
const attributes = (name: string) =>
  [...logoFile.matchAll(new RegExp(` ${name}="([^"]+)"`, 'g'))].map((match) => match[1]);

describe('the logo a certificate PDF draws', () => {
  it('when the app logo is drawn in a PDF, then it has the shapes and colours of the logo file', () => {
    expect(attributes('viewBox')).toEqual([`0 0 ${LOGO.viewBox} ${LOGO.viewBox}`]);
    expect(attributes('rx')).toEqual([String(LOGO.background.radius)]);
    expect(attributes('d')).toEqual([...LOGO.fills.map((shape) => shape.d), LOGO.stroke.d]);
    expect(attributes('fill')).toEqual([
      LOGO.background.fill,
      ...LOGO.fills.map((shape) => shape.fill),
      LOGO.dot.fill,
    ]);
    expect(attributes('stroke')).toEqual([LOGO.stroke.stroke]);
    expect(attributes('stroke-width')).toEqual([String(LOGO.stroke.width)]);
    expect([attributes('cx'), attributes('cy'), attributes('r')]).toEqual([
      [String(LOGO.dot.cx)],
      [String(LOGO.dot.cy)],
      [String(LOGO.dot.r)],
    ]);
  });
});
