import * as v from 'valibot';

import { PASSWORD_MAX_LENGTH } from './staff.ts';

export { PASSWORD_MAX_LENGTH };

/**
 * POST /api/admin/login body: `{username?, password}`; no username (or an empty one) is the bootstrap owner
 * `admin`, as the spec's password-only login. A missing, empty or absurdly long password can only be a
 * wrong one, so every failure speaks the admin dictionary's `admin.login.wrongPassword` (also for a
 * missing key, which valibot reports with the object's message).
 */
const WRONG = 'admin.login.wrongPassword';
export const LoginInputSchema = v.strictObject(
  {
    username: v.optional(v.pipe(v.string(WRONG), v.maxLength(64, WRONG))),
    password: v.pipe(v.string(WRONG), v.nonEmpty(WRONG), v.maxLength(PASSWORD_MAX_LENGTH, WRONG)),
  },
  WRONG,
);
export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export interface LoginResponse {
  token: string;
}

/** The 401 of a right password on an account with TOTP: the challenge for POST /api/admin/login/second-factor. */
export interface SecondFactorRequiredBody {
  error: { code: 'second_factor_required'; message: string };
  challenge: string;
}
