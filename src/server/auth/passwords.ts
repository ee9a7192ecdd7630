import * as crypto from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Password hashing (docs/decisions/015-staff-accounts.md): a memory-hard function at OWASP's Password
 * Storage Cheat Sheet parameters, stored as a PHC-style string that names the function and its
 * parameters, so a hash made with older ones is recognised and upgraded at the next sign-in.
 *
 * - argon2id, m = 19 MiB, t = 2, p = 1 where Node has `crypto.argon2` (24.7 and later);
 * - else scrypt, N = 2^17 (128 MiB), r = 8, p = 1, with `maxmem` raised above the 32 MiB default
 *   (Node refuses N = 2^17 otherwise).
 */
export const ARGON2ID = { memoryKiB: 19_456, passes: 2, parallelism: 1 } as const;
export const SCRYPT = { logN: 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

type Argon2 = (algorithm: 'argon2id', parameters: {
  message: string; nonce: Buffer; parallelism: number; tagLength: number; memory: number; passes: number;
}) => Promise<Buffer>;

/** Node's argon2, when this runtime has it (feature-detected: Netlify's Node 24 minor is not ours to pick). */
const argon2: Argon2 | null = typeof (crypto as { argon2?: unknown }).argon2 === 'function'
  ? (promisify((crypto as unknown as { argon2: (...args: unknown[]) => void }).argon2) as Argon2)
  : null;
const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

export type HashAlgorithm = 'argon2id' | 'scrypt';

/** The function new hashes use on this runtime. */
export function preferredAlgorithm(): HashAlgorithm {
  return argon2 ? 'argon2id' : 'scrypt';
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
const unb64 = (text: string) => Buffer.from(text, 'base64');

function scryptOptions(logN: number, r: number, p: number): crypto.ScryptOptions {
  // Node needs maxmem > 128 · N · r bytes; twice that leaves room for its bookkeeping.
  return { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r };
}

async function derive(parsed: ParsedHash, password: string): Promise<Buffer> {
  if (parsed.algorithm === 'argon2id') {
    if (!argon2) throw new Error('This runtime has no argon2id: run Node 24.7 or later');
    return argon2('argon2id', {
      message: password, nonce: parsed.salt, parallelism: parsed.params.p!, tagLength: parsed.hash.length,
      memory: parsed.params.m!, passes: parsed.params.t!,
    });
  }
  return scrypt(password, parsed.salt, parsed.hash.length, scryptOptions(parsed.params.ln!, parsed.params.r!, parsed.params.p!));
}

interface ParsedHash {
  algorithm: HashAlgorithm;
  params: Record<string, number>;
  salt: Buffer;
  hash: Buffer;
}

/** `$argon2id$v=19$m=…,t=…,p=…$salt$hash` or `$scrypt$ln=…,r=…,p=…$salt$hash`; null for anything else. */
function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  const [, algorithm] = parts;
  const [paramText, salt, hash] = algorithm === 'argon2id' ? parts.slice(3) : parts.slice(2);
  if ((algorithm !== 'argon2id' && algorithm !== 'scrypt') || !paramText || !salt || !hash) return null;
  const params = Object.fromEntries(paramText.split(',').map((pair) => pair.split('=')).map(([key, value]) => [key, Number(value)]));
  const needed = algorithm === 'argon2id' ? ['m', 't', 'p'] : ['ln', 'r', 'p'];
  if (!needed.every((key) => Number.isInteger(params[key]) && params[key]! > 0)) return null;
  return { algorithm, params, salt: unb64(salt), hash: unb64(hash) };
}

/** A new hash of `password` with the preferred function and today's parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  if (preferredAlgorithm() === 'argon2id') {
    const params = { m: ARGON2ID.memoryKiB, t: ARGON2ID.passes, p: ARGON2ID.parallelism };
    const hash = await derive({ algorithm: 'argon2id', params, salt, hash: Buffer.alloc(KEY_BYTES) }, password);
    return `$argon2id$v=19$m=${params.m},t=${params.t},p=${params.p}$${b64(salt)}$${b64(hash)}`;
  }
  const params = { ln: SCRYPT.logN, r: SCRYPT.r, p: SCRYPT.p };
  const hash = await derive({ algorithm: 'scrypt', params, salt, hash: Buffer.alloc(KEY_BYTES) }, password);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(hash)}`;
}

/** Whether `password` matches `stored` (compared in constant time); a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length < 16) return false;
  const candidate = await derive(parsed, password);
  return crypto.timingSafeEqual(candidate, parsed.hash);
}

/** Whether `stored` was made with another function or weaker parameters than new hashes get. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed || parsed.algorithm !== preferredAlgorithm()) return true;
  const { params } = parsed;
  if (parsed.algorithm === 'argon2id') return params.m! < ARGON2ID.memoryKiB || params.t! < ARGON2ID.passes;
  return params.ln! < SCRYPT.logN || params.r! < SCRYPT.r;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check: an unknown username then takes
 * as long as a wrong password, so timing does not tell which usernames exist.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('no account has this password');
  await verifyPassword(password, await dummy);
  return false;
}
