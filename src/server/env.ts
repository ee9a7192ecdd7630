import path from 'node:path';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../shared/abuse.ts';

/**
 * Server configuration, read from the environment once per process. Netlify sets CONTEXT
 * ("production", "deploy-preview", …); NODE_ENV=production counts as production too.
 */
export interface ServerEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  /** HMAC key for signed object URLs; without it a random key is kept in the blob store. */
  objectSigningSecret: string | undefined;
  production: boolean;
  /** Inquiry notifications (docs/operations.md, Configuration): SMTP server URL, team address, sender, webhook. */
  smtpUrl: string | undefined;
  inquiryNotifyTo: string | undefined;
  inquiryNotifyFrom: string | undefined;
  inquiryWebhookUrl: string | undefined;
  /** Public origin, for the admin link in notifications. */
  siteUrl: string;
  /**
   * Running as a Netlify Function: its runtime defines the `Netlify` global and SITE_ID, but not CONTEXT
   * (a build-time variable). There the file system is read-only and PGlite is not in the bundle.
   */
  onNetlify: boolean;
}

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  cached ??= readEnv(process.env);
  return cached;
}

/** Forgets the cached values: tests and the local server change the environment before first use. */
export function resetServerEnv(): void {
  cached = undefined;
}

function onNetlify(source: NodeJS.ProcessEnv): boolean {
  return 'Netlify' in globalThis || Boolean(source.SITE_ID);
}

/** Thrown when the configuration is unsafe to run with; the message says what to change. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function readEnv(source: NodeJS.ProcessEnv): ServerEnv {
  const netlify = onNetlify(source);
  const blank = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);
  const production = source.NODE_ENV === 'production' || source.CONTEXT === 'production' || netlify;
  const adminPassword = blank(source.ADMIN_PASSWORD);
  // A short password falls to the distributed guessing the login's global bound still allows.
  if (production && adminPassword && adminPassword.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new ConfigError(`ADMIN_PASSWORD is too weak: use at least ${ADMIN_PASSWORD_MIN_LENGTH} characters in production (it has ${adminPassword.length})`);
  }
  return {
    databaseUrl: blank(source.DATABASE_URL),
    dataDir: path.resolve(blank(source.DATA_DIR) ?? '.data'),
    adminPassword,
    objectSigningSecret: blank(source.OBJECT_SIGNING_SECRET),
    production,
    smtpUrl: blank(source.SMTP_URL),
    inquiryNotifyTo: blank(source.INQUIRY_NOTIFY_TO),
    inquiryNotifyFrom: blank(source.INQUIRY_NOTIFY_FROM),
    inquiryWebhookUrl: blank(source.INQUIRY_WEBHOOK_URL),
    siteUrl: (blank(source.SITE_URL) ?? 'https://btower.example').replace(/\/+$/, ''),
    onNetlify: netlify,
  };
}
