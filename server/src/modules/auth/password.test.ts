import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHasherAt, verifyPassword } from './password';

describe('password hashing', () => {
  it('when the same password is checked, then it verifies, and a wrong one does not', async () => {
    const stored = await hashPassword('segredo-forte');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('segredo-forte', stored)).toBe(true);
    expect(await verifyPassword('segredo-fraco', stored)).toBe(false);
  });

  it('when a deployment hashes at a lower cost, then its hashes carry that cost and the default hasher verifies them', async () => {
    const stored = await passwordHasherAt(14).hash('segredo-forte');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('segredo-forte', stored)).toBe(true);
    expect(await verifyPassword('segredo-fraco', stored)).toBe(false);
    expect(
      await passwordHasherAt(14).verify('segredo-forte', await hashPassword('segredo-forte')),
    ).toBe(true);
  });

  it('when one password is hashed twice, then the salts differ', async () => {
    const [a, b] = await Promise.all([hashPassword('igual-igual'), hashPassword('igual-igual')]);
    expect(a).not.toBe(b);
  });

  it('when the stored value is malformed, then verification fails instead of throwing', async () => {
    expect(await verifyPassword('x', 'bcrypt$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
