import { describe, expect, it } from 'vitest';
import { youtubeVideoId } from './youtube';

describe('youtubeVideoId', () => {
  it('when the URL is a short or embed link, then the last path segment', () => {
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/embed/abc123?start=10')).toBe('abc123');
    expect(youtubeVideoId('https://youtu.be/xyz/')).toBe('xyz');
  });

  it('when the URL is a watch link, then the v parameter', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe('dQw4w9WgXcQ');
  });

  it('when the URL cannot be parsed or has no path, then an empty id', () => {
    expect(youtubeVideoId('')).toBe('');
    expect(youtubeVideoId('não é um url')).toBe('');
    expect(youtubeVideoId('https://youtu.be/')).toBe('');
  });
});
