import { describe, expect, it } from 'vitest';
import { cloudinaryPublicId } from './storage-cloudinary';
import { uploadName } from './storage-disk';

describe('which stored thumbnail a URL names', () => {
  it('when the URL is one of our /uploads files, then its name; any path trick or other URL names none', () => {
    expect(uploadName('/uploads/0b6d-1.webp')).toBe('0b6d-1.webp');
    expect(uploadName('/uploads/../secret')).toBeUndefined();
    expect(uploadName('/uploads/a/b.webp')).toBeUndefined();
    expect(uploadName('/uploads/.hidden')).toBeUndefined();
    expect(uploadName('https://cdn.test/uploads/x.webp')).toBeUndefined();
  });

  it("when the URL is this cloud's delivery URL in our folder, then its public id; another cloud's or a local one names none", () => {
    expect(
      cloudinaryPublicId(
        'https://res.cloudinary.com/demo/image/upload/v1712345/aprendiz/production/abc123.webp',
        'demo',
      ),
    ).toBe('aprendiz/production/abc123');
    expect(
      cloudinaryPublicId(
        'https://res.cloudinary.com/other/image/upload/v1/aprendiz/x.webp',
        'demo',
      ),
    ).toBeUndefined();
    expect(
      cloudinaryPublicId('https://res.cloudinary.com/demo/image/upload/v1/sample.jpg', 'demo'),
    ).toBeUndefined();
    expect(cloudinaryPublicId('/uploads/x.webp', 'demo')).toBeUndefined();
  });
});
