import { describe, expect, it } from 'vitest';
import { CERTIFICATE_ID_PATTERN, certificateMinutes } from './certificates';

describe('certificateMinutes', () => {
  it('when a course lasts some minutes, then the certificate states them whole', () => {
    expect(certificateMinutes(45.5)).toBe(46);
    expect(certificateMinutes(90)).toBe(90);
    expect(certificateMinutes(134.4)).toBe(134);
  });

  it('when a course is very short, then it still states 1 minute; with no minutes at all, 0', () => {
    expect(certificateMinutes(0.2)).toBe(1);
    expect(certificateMinutes(0)).toBe(0);
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
