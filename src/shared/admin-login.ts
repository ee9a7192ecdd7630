import * as v from 'valibot';

/** Longest password accepted: scrypt over megabytes of input would be a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 1024;

/** POST /api/admin/login body. Messages are dictionary keys, as in every shared schema. */
export const LoginInputSchema = v.strictObject({
  password: v.pipe(
    v.string('admin.login.passwordRequired'),
    v.nonEmpty('admin.login.passwordRequired'),
    v.maxLength(PASSWORD_MAX_LENGTH, 'admin.login.wrongPassword'),
  ),
  // A missing key (or an unknown one) is reported with the object's message.
}, 'admin.login.passwordRequired');
export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export interface LoginResponse {
  token: string;
}
