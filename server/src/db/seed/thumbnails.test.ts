import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { escapeXml, initials, layoutTitle, renderThumbnailSvg, wrapWords } from './thumbnails';

describe('wrapWords', () => {
  it('when words exceed the budget, then they move to the next line without splitting a word', () => {
    expect(wrapWords('Python do Zero ao Primeiro Projeto', 18)).toEqual([
      'Python do Zero ao',
      'Primeiro Projeto',
    ]);
    expect(wrapWords('Supercalifragilistico curto', 10)).toEqual([
      'Supercalifragilistico',
      'curto',
    ]);
  });
});

describe('layoutTitle', () => {
  it('when a title is short, then it keeps the largest type on at most two lines', () => {
    const { fontSize, lines } = layoutTitle('Git e GitHub do Zero');
    expect(fontSize).toBe(68);
    expect(lines).toEqual(['Git e GitHub do Zero']);
  });

  it('when a title is very long, then it shrinks to three lines ending in an ellipsis', () => {
    const title = Array.from({ length: 30 }, () => 'palavra').join(' ');
    const { fontSize, lines } = layoutTitle(title);
    expect(fontSize).toBe(50);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });
});

describe('renderThumbnailSvg', () => {
  it('when a title holds markup characters, then they are escaped and the SVG still renders at 1280×720', async () => {
    const svg = renderThumbnailSvg({
      title: 'HTML <b> & "CSS"',
      monogram: '</>',
      colors: ['#000000', '#ffffff'],
    });
    expect(svg).toContain(escapeXml('HTML <b> & "CSS"'));
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('Aprendiz');
    const metadata = await sharp(Buffer.from(svg)).metadata();
    expect([metadata.width, metadata.height]).toEqual([1280, 720]);
  });
});

describe('initials', () => {
  it('when a name has several words, then the first and last initials are used', () => {
    expect(initials('Ana Beatriz Ferreira')).toBe('AF');
    expect(initials('esperança')).toBe('E');
  });
});
