import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { blobStore, guard } from './blob-store.ts';
import { serverEnv } from '../env.ts';

/** What a signature allows: reading a private object, one single PUT, or the parts of one upload. */
export type SignedAction = 'get' | 'put' | 'part';

const KEY_STORE = 'config';
const KEY_NAME = 'object-signing-key';
let cachedKey: Promise<Buffer> | undefined;

/**
 * The HMAC key: OBJECT_SIGNING_SECRET when set, otherwise a random key created once in the blob store
 * (onlyIfNew, so concurrent cold starts agree on the same key) — no fixed default ever signs a URL.
 */
function signingKey(): Promise<Buffer> {
  const fromEnv = serverEnv().objectSigningSecret;
  if (fromEnv) return Promise.resolve(Buffer.from(fromEnv, 'utf8'));
  cachedKey ??= loadOrCreateKey().catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return cachedKey;
}

async function loadOrCreateKey(): Promise<Buffer> {
  const store = blobStore(KEY_STORE);
  const existing = await guard(() => store.get(KEY_NAME, { type: 'text', consistency: 'strong' }));
  if (existing) return Buffer.from(existing, 'base64');
  await guard(() => store.set(KEY_NAME, randomBytes(32).toString('base64'), { onlyIfNew: true }));
  const stored = await guard(() => store.get(KEY_NAME, { type: 'text', consistency: 'strong' }));
  if (!stored) throw new Error('Signing key could not be stored');
  return Buffer.from(stored, 'base64');
}

async function mac(action: SignedAction, objectPath: string, expires: number): Promise<Buffer> {
  return createHmac('sha256', await signingKey()).update(`${action}\n${objectPath}\n${expires}`).digest();
}

/** `?expires=…&signature=…` for `action` on `objectPath`, valid for `ttlSeconds`. */
export async function signQuery(action: SignedAction, objectPath: string, ttlSeconds: number): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds));
  const signature = (await mac(action, objectPath, expires)).toString('base64url');
  return `expires=${expires}&signature=${signature}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid' | 'missing';

/** Checks the `expires`/`signature` query of a request URL for `action` on `objectPath`. */
export async function checkSignature(action: SignedAction, objectPath: string, params: URLSearchParams): Promise<SignatureCheck> {
  const expiresText = params.get('expires');
  const signatureText = params.get('signature');
  if (!expiresText || !signatureText) return 'missing';
  if (!/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(signatureText)) return 'invalid';
  const expires = Number(expiresText);
  const expected = await mac(action, objectPath, expires);
  const given = Buffer.from(signatureText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > Date.now() ? 'valid' : 'expired';
}

/**
 * A keyed digest for the other single-use links the server mails (invitations, password resets): the
 * same secret as object signatures, in its own domain (`link\n…` never starts an object signature).
 */
export async function linkDigest(message: string): Promise<Buffer> {
  return createHmac('sha256', await signingKey()).update(`link\n${message}`).digest();
}
