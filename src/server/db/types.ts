import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: written as a JSON string (pg would turn a JS array into a Postgres array). */
type Json<T> = ColumnType<T, string | undefined, string>;

/**
 * The tables of schema.sql as Kysely sees them. Columns are snake_case in SQL and camelCase here
 * (CamelCasePlugin), matching the shared domain types.
 */
export interface Database {
  users: UsersTable;
  brands: BrandsTable;
  inquiries: InquiriesTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  brochureDownloads: BrochureDownloadsTable;
  dataVersions: DataVersionsTable;
}

/** The spec's User entity (named accounts); today's admin logs in with ADMIN_PASSWORD only. */
export interface UsersTable {
  id: Generated<string>;
  username: string;
  password: string;
}

export interface BrandsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  category: string;
  floor: string;
  unit: string | null;
  area: string | null;
  isAvailable: Generated<boolean>;
  thumbnail: string | null;
  contactInfo: Json<{ phone?: string; email?: string; website?: string }>;
  images: ColumnType<string[], string[] | undefined, string[]>;
  /** `{en?, zh?, ja?}`: the name and description in other languages (schema.sql, localized brand texts). */
  nameI18n: Json<Partial<Record<'en' | 'zh' | 'ja', string>>>;
  descriptionI18n: Json<Partial<Record<'en' | 'zh' | 'ja', string>>>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Nullable: a brand imported without createdAt sorts as the oldest (spec §3). */
  createdAt: ColumnType<Date | null, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date | null, Date | string | undefined, Date | string>;
  /** lower(name, description and tags, in every language), kept by the database (schema.sql); what a search reads. */
  searchText: GeneratedAlways<string>;
}

export interface InquiriesTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string;
  message: string;
  attachments: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: Timestamp;
  /** Set by clients that may resend (the contact form); unique, so a resend cannot store twice. */
  idempotencyKey: ColumnType<string | null, string | null | undefined, never>;
}

/** Admin sessions: only the sha256 of the opaque token is stored. */
export interface SessionsTable {
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  revokedAt: ColumnType<Date | null, Date | string | undefined, Date | string>;
}

/** Failed logins per client, for the 5-per-15-minutes limit. */
export interface LoginAttemptsTable {
  id: Generated<string>;
  clientKey: string;
  at: Timestamp;
}

/** One row per brochure download, counted by language. */
export interface BrochureDownloadsTable {
  id: Generated<string>;
  lang: string;
  at: Timestamp;
}

/** Write counters per data set (bumped by triggers), for validating cached reads. */
export interface DataVersionsTable {
  name: string;
  version: ColumnType<string, never, never>;
}
