import * as v from 'valibot';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { isCommonPassword } from './common-passwords.ts';
import { EMAIL_PATTERN } from './inquiry-rules.ts';
import { objectMessages } from './object-messages.ts';
import { ROLES, type Role } from './roles.ts';
import type { AccountSecurity, SecondFactor } from './second-factor.ts';

/**
 * Staff accounts (the spec's User, issue 17): usernames, passwords, invitations and resets, as the
 * admin panel's forms and the functions check them alike. Messages are `team.errors.*` keys.
 */
const msg = (key: string) => `team.errors.${key}`;

/** OWASP's floor for a password that is not a second factor; the ceiling keeps hashing cheap to refuse. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const STAFF_LIMITS = { name: 60, email: 254, passkeyName: 60 } as const;

/** Single-use links: an invitation lasts 72 hours, a password reset one hour. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * What is wrong with a new password, as a message key, or null. `username` and `email` are the account's
 * own: a password that is just one of them is refused too.
 */
export function passwordProblem(password: string, account: { username?: string; email?: string | null } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return msg('passwordTooShort');
  if (password.length > PASSWORD_MAX_LENGTH) return msg('passwordTooLong');
  const lower = password.toLowerCase();
  if (isCommonPassword(password) || new Set(lower).size <= 2) return msg('passwordCommon');
  const own = [account.username, account.email, account.email?.split('@')[0]].filter((s): s is string => Boolean(s && s.length >= 3));
  // The name itself, or the name with only digits and symbols after it ("mina2024!").
  if (own.some((part) => lower.startsWith(part.toLowerCase()) && /^[\d\W_]*$/u.test(lower.slice(part.length)))) return msg('passwordLikeAccount');
  return null;
}

const problem = <T>(problemOf: (value: T) => string | null) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const found = dataset.typed ? problemOf(dataset.value) : null;
    if (found) addIssue({ message: found });
  });

export const UsernameSchema = v.pipe(v.string(msg('usernameInvalid')), v.trim(), v.toLowerCase(), v.regex(USERNAME_PATTERN, msg('usernameInvalid')));
const NameSchema = v.pipe(v.string(msg('nameRequired')), v.trim(), v.nonEmpty(msg('nameRequired')), v.maxLength(STAFF_LIMITS.name, msg('tooLong')));
export const StaffEmailSchema = v.pipe(
  v.string(msg('emailInvalid')),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(STAFF_LIMITS.email, msg('emailInvalid')),
  v.regex(EMAIL_PATTERN, msg('emailInvalid')),
);
const RoleSchema = v.picklist(ROLES, msg('roleInvalid'));
const LocaleSchema = v.optional(v.picklist(LOCALES, msg('invalid')), 'ko');
/** A password as typed (not trimmed: spaces are characters); its strength is checked with the account. */
const NewPasswordSchema = v.pipe(v.string(msg('passwordTooShort')), problem((password: string) => passwordProblem(password)));
/** A link's token: what the server gave out is 43 base64url characters. */
const TokenSchema = v.pipe(v.string(msg('invalidToken')), v.regex(/^[A-Za-z0-9_-]{20,200}$/, msg('invalidToken')));

const strict = <T extends v.ObjectEntries>(entries: T) => v.strictObject(entries, objectMessages({}, msg('invalid'), msg('unknownField')));

/** POST /api/admin/users (owner): an account made by the owner, who hands over its first password. */
export const UserCreateSchema = v.pipe(
  strict({ username: UsernameSchema, name: NameSchema, email: StaffEmailSchema, role: RoleSchema, password: NewPasswordSchema, locale: LocaleSchema }),
  // A password that is just the account's own name or address is refused once both are known.
  v.forward(v.check((input) => passwordProblem(input.password, input) === null, msg('passwordLikeAccount')), ['password']),
);
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

/** PATCH /api/admin/users/{id} (owner). */
export const UserPatchSchema = v.pipe(
  strict({ name: v.optional(NameSchema), role: v.optional(RoleSchema), active: v.optional(v.boolean(msg('invalid'))) }),
  v.check((patch) => Object.keys(patch).length > 0, msg('emptyPatch')),
);
export type UserPatch = v.InferOutput<typeof UserPatchSchema>;

/** PATCH /api/admin/me: my own name, address and the language my mails are written in. */
export const ProfilePatchSchema = v.pipe(
  strict({ name: v.optional(NameSchema), email: v.optional(StaffEmailSchema), locale: v.optional(v.picklist(LOCALES, msg('invalid'))) }),
  v.check((patch) => Object.keys(patch).length > 0, msg('emptyPatch')),
);
export type ProfilePatch = v.InferOutput<typeof ProfilePatchSchema>;

/** POST /api/admin/me/password: the current password proves it is me; every other session ends. */
export const PasswordChangeSchema = strict({
  currentPassword: v.pipe(v.string(msg('currentPasswordWrong')), v.nonEmpty(msg('currentPasswordWrong')), v.maxLength(PASSWORD_MAX_LENGTH, msg('currentPasswordWrong'))),
  password: NewPasswordSchema,
});

/** POST /api/admin/invitations (owner). `locale` is the language of the mail and of the invitee's panel. */
export const InvitationInputSchema = strict({ email: StaffEmailSchema, name: NameSchema, role: RoleSchema, locale: LocaleSchema });
export type InvitationInput = v.InferOutput<typeof InvitationInputSchema>;

/** POST /api/admin/invitations/accept: the link's token, then the username and password the invitee chose. */
export const InvitationAcceptSchema = strict({ token: TokenSchema, username: UsernameSchema, password: NewPasswordSchema });

/**
 * POST /api/admin/password-reset: always answered 202, whether or not the address belongs to anyone. The
 * mail is written in the account's own language, not the asker's.
 */
export const PasswordResetRequestSchema = strict({ email: StaffEmailSchema });
export const PasswordResetConfirmSchema = strict({ token: TokenSchema, password: NewPasswordSchema });
/** A mailed link's token, checked before its form asks for anything. */
export const LinkCheckSchema = strict({ token: TokenSchema });

/** A staff account as the owner's team list shows it. */
export interface StaffUser {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  active: boolean;
  locale: Locale;
  createdAt: string;
  lastSignInAt: string | null;
  /** In the owner's team list (GET /api/admin/users): the person's second factor. */
  secondFactor?: SecondFactor;
  /** The lost-update check's version (src/shared/versions.ts): the team form sends it back as If-Match. */
  version: number;
}

/** GET /api/admin/me (PATCH answers without the session's part). */
export type Me = Pick<StaffUser, 'id' | 'username' | 'name' | 'email' | 'role' | 'locale'> & Partial<AccountSecurity>;

/** An invitation not yet accepted (no token: it was only ever in the mail). */
export interface PendingInvitation {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}

/** One of my sessions, as "my account" lists them. */
export interface SessionInfo {
  id: string;
  /** Browser and system read from the User-Agent, e.g. "Chrome · Android" (or a script's tool); null when unknown. */
  device: string | null;
  /** The client address Netlify reported when it was opened. */
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** A passkey of mine. */
export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Someone an inquiry can be assigned to (the inbox's assignee choices). */
export interface Assignee {
  id: string;
  name: string;
  role: Role;
}
