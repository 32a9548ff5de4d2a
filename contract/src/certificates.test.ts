import { describe, expect, it } from 'vitest';
import { CERTIFICATE_ID_PATTERN, certificateHours } from './certificates';

describe('certificateHours', () => {
  it('when a course lasts some minutes, then its hours are printed to one decimal', () => {
    expect(certificateHours(45.5)).toBe(0.8);
    expect(certificateHours(90)).toBe(1.5);
    expect(certificateHours(600)).toBe(10);
    expect(certificateHours(283)).toBe(4.7);
  });

  it('when a course is very short, then it still shows 0.1 h; with no minutes at all, 0', () => {
    expect(certificateHours(1)).toBe(0.1);
    expect(certificateHours(0)).toBe(0);
  });
});

describe('CERTIFICATE_ID_PATTERN', () => {
  it('when an id is 16 bytes in base64url, then it matches; anything else does not', () => {
    expect(Buffer.alloc(16, 255).toString('base64url')).toMatch(CERTIFICATE_ID_PATTERN);
    for (const bad of ['', 'abc', 'a'.repeat(23), `${'a'.repeat(21)}=`, `${'a'.repeat(21)}/`]) {
      expect(bad).not.toMatch(CERTIFICATE_ID_PATTERN);
    }
  });
});
