import * as v from 'valibot';

/** Longest password accepted: scrypt over megabytes of input would be a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * POST /api/admin/login body. A missing, empty or absurdly long password can only be a wrong one, so
 * every failure speaks the admin dictionary's `admin.login.wrongPassword` (also for a missing key,
 * which valibot reports with the object's message).
 */
const WRONG = 'admin.login.wrongPassword';
export const LoginInputSchema = v.strictObject(
  { password: v.pipe(v.string(WRONG), v.nonEmpty(WRONG), v.maxLength(PASSWORD_MAX_LENGTH, WRONG)) },
  WRONG,
);
export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export interface LoginResponse {
  token: string;
}
