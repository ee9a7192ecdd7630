import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, preferredAlgorithm, verifyPassword } from '../../src/server/auth/passwords.ts';

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** A scrypt hash as the fallback writes it where Node has no argon2 (N = 2^ln, r = 8, p = 1). */
function scryptHash(password: string, ln: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** ln, r: 8, p: 1, maxmem: 2 * 128 * 2 ** ln * 8 });
  return `$scrypt$ln=${ln},r=8,p=1$${b64(salt)}$${b64(key)}`;
}

describe('password hashes', () => {
  it('are argon2id at OWASP parameters on this Node, salted, and verify only the right password', async () => {
    expect(preferredAlgorithm()).toBe('argon2id');
    const [a, b] = [await hashPassword('the same passphrase'), await hashPassword('the same passphrase')];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('the same passphrase', a)).toBe(true);
    expect(await verifyPassword('the same passphrasE', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('still verify the scrypt fallback at N = 2^17 (above Node’s default memory limit) and ask to upgrade it here', async () => {
    const stored = scryptHash('fallback passphrase', 17);
    expect(await verifyPassword('fallback passphrase', stored)).toBe(true);
    expect(await verifyPassword('wrong passphrase', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    // Three scrypt runs of 128 MiB each: about 3 s on an idle machine, far more on a busy one.
  }, 120_000);

  it('ask to upgrade weaker argon2id parameters, and match nothing for a malformed hash', async () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g')).toBe(true);
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=0,t=2,p=1$x$y')).toBe(false);
  });
});
