import type { Brand } from '../../src/shared/brand.ts';
import type { LoginResponse } from '../../src/shared/admin-login.ts';
import { UPLOAD_ENDPOINTS, type CreateUploadResponse } from '../../src/shared/upload-protocol.ts';
import { brandInput, THUMBNAIL_PNG } from './fixtures.ts';
import { jsonOf, type Send } from './load-http.ts';
import { pick } from './load-visitors.ts';

/** A brand stored before the run, with the fixture number it was made from (to send a valid edit of it). */
export interface SeededBrand {
  id: string;
  number: number;
  thumbnail: string;
}

/** The table rows of the admin's requests during the run, in the order they are printed. */
export const ADMIN_LABELS = {
  login: 'POST /api/admin/login',
  createUpload: 'POST /api/objects/upload (thumbnail)',
  putThumbnail: 'PUT /objects/uploads/:id (thumbnail)',
  setPublic: 'POST /api/objects/set-public',
  create: 'POST /api/brands',
  update: 'PUT /api/brands/:id',
  remove: 'DELETE /api/brands/:id',
  inquiries: 'GET /api/inquiries (admin)',
} as const;

/** Signs in once: the login allows 5 failures per 15 minutes, so the token is reused for the whole run. */
export async function signIn(send: Send, password: string): Promise<string> {
  const answer = await send({ label: ADMIN_LABELS.login, method: 'POST', path: '/api/admin/login', json: { password } });
  return jsonOf<LoginResponse>(answer).token;
}

/** The thumbnail field: upload a logo by the upload contract, then make it public so visitors' cards can show it. */
export async function uploadThumbnail(send: Send, token: string): Promise<string> {
  const ticket = { purpose: 'thumbnail', filename: 'logo.png', size: THUMBNAIL_PNG.byteLength, type: 'image/png' };
  const { uploadURL, objectPath } = jsonOf<CreateUploadResponse>(
    await send({ label: ADMIN_LABELS.createUpload, method: 'POST', path: UPLOAD_ENDPOINTS.createUpload, json: ticket, token }),
  );
  await send({ label: ADMIN_LABELS.putThumbnail, method: 'PUT', path: uploadURL, bytes: THUMBNAIL_PNG, type: 'image/png' });
  await send({ label: ADMIN_LABELS.setPublic, method: 'POST', path: UPLOAD_ENDPOINTS.setPublic, json: { objectPath }, token });
  return objectPath;
}

export async function createBrand(send: Send, token: string, number: number, thumbnail: string): Promise<Brand> {
  const answer = await send({ label: ADMIN_LABELS.create, method: 'POST', path: '/api/brands', json: brandInput(number, thumbnail), token });
  return jsonOf<Brand>(answer);
}

/**
 * One round of the admin panel: a new brand with its own logo, corrected once, an existing brand's
 * availability changed, the new brand deleted again; every fifth round a look at the inquiries.
 */
export async function editBrands(send: Send, token: string, seeded: SeededBrand[], round: number): Promise<void> {
  const number = 100_000 + round;
  const created = await createBrand(send, token, number, await uploadThumbnail(send, token));
  const corrected = { ...brandInput(number, created.thumbnail ?? ''), description: `Corrected in round ${round}` };
  await send({ label: ADMIN_LABELS.update, method: 'PUT', path: `/api/brands/${created.id}`, json: corrected, token });
  const existing = pick(seeded);
  const toggled = { ...brandInput(existing.number, existing.thumbnail), isAvailable: round % 2 === 0 };
  await send({ label: ADMIN_LABELS.update, method: 'PUT', path: `/api/brands/${existing.id}`, json: toggled, token });
  await send({ label: ADMIN_LABELS.remove, method: 'DELETE', path: `/api/brands/${created.id}`, token });
  if (round % 5 === 0) await send({ label: ADMIN_LABELS.inquiries, path: '/api/inquiries', token });
}
