-- B TOWER database schema. Idempotent: applied at every start and in tests, safe to run again.
-- Entities follow spec §3; sessions, login_attempts and brochure_downloads serve security and counting.

-- pg_trgm speeds up the brand search. Where the extension is not installed the search still works (sequential scan).
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable, brand search runs without a trigram index';
END $$;

CREATE TABLE IF NOT EXISTS users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL UNIQUE,
  password text NOT NULL
);

CREATE TABLE IF NOT EXISTS brands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  category text NOT NULL,
  floor text NOT NULL,
  unit text,
  area text,
  is_available boolean NOT NULL DEFAULT true,
  thumbnail text,
  contact_info jsonb NOT NULL DEFAULT '{}'::jsonb,
  images text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  -- Nullable on purpose: an imported brand without a date sorts last (spec §3).
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now()
);

-- Newest first, missing dates last: the order of every brand list.
CREATE INDEX IF NOT EXISTS brands_newest_idx ON brands (created_at DESC NULLS LAST, id);

-- What the search looks in: name, description and tags, separated so a match cannot span two fields.
-- Declared IMMUTABLE (array_to_string is only STABLE) so it can back an index; it depends on nothing but its arguments.
CREATE OR REPLACE FUNCTION brand_search_text(name text, description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name || E'\x1f' || coalesce(description, '') || E'\x1f' || array_to_string(tags, E'\x1f') $$;

-- The search text lower-cased once per write: a search is then a plain LIKE over one column. Calling the
-- function and ILIKE for every row on every search cost about 8 µs a row on PGlite (8 ms for 1,000 brands).
ALTER TABLE brands ADD COLUMN IF NOT EXISTS search_text text
  GENERATED ALWAYS AS (lower(brand_search_text(name, description, tags))) STORED;

DROP INDEX IF EXISTS brands_search_trgm_idx;
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS brands_search_text_trgm_idx ON brands USING gin (search_text gin_trgm_ops);
  END IF;
END $$;

CREATE TABLE IF NOT EXISTS inquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  message text NOT NULL,
  attachments text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS inquiries_newest_idx ON inquiries (created_at DESC, id);

-- The form's Idempotency-Key: a visitor resending after a lost answer gets the stored inquiry, not a second one.
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS idempotency_key uuid;
CREATE UNIQUE INDEX IF NOT EXISTS inquiries_idempotency_key_idx ON inquiries (idempotency_key);

-- Admin sessions: only the sha256 of the opaque token is kept; at most 12 hours long.
CREATE TABLE IF NOT EXISTS sessions (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  CONSTRAINT sessions_max_12h CHECK (expires_at <= created_at + interval '12 hours')
);

-- Failed logins, counted per client over a sliding window.
CREATE TABLE IF NOT EXISTS login_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS login_attempts_client_idx ON login_attempts (client_key, at);

-- One row per brochure download.
CREATE TABLE IF NOT EXISTS brochure_downloads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lang text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS brochure_downloads_lang_idx ON brochure_downloads (lang, at);

-- A counter per data set, bumped by every write to it, so cached reads can tell they are stale with one
-- cheap query. Triggers catch every writer: functions, psql, other instances.
CREATE TABLE IF NOT EXISTS data_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO data_versions (name) VALUES ('brands') ON CONFLICT (name) DO NOTHING;

CREATE OR REPLACE FUNCTION bump_brands_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'brands';
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS brands_version_bump ON brands;
CREATE TRIGGER brands_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION bump_brands_version();

-- Abuse limits (issue 10): throttle hits per client key (hashed) and bucket, kept for the longest window
-- of their bucket; successful admin logins per client, so a known admin is not locked out by the global
-- failure bound (docs/decisions/007-abuse-limits.md).
CREATE TABLE IF NOT EXISTS throttle_hits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bucket text NOT NULL,
  client_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS throttle_hits_client_idx ON throttle_hits (bucket, client_key, at);
CREATE INDEX IF NOT EXISTS throttle_hits_at_idx ON throttle_hits (bucket, at);
CREATE INDEX IF NOT EXISTS login_attempts_at_idx ON login_attempts (at);
CREATE TABLE IF NOT EXISTS login_trusted_clients (
  client_key text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);

-- Available spaces (units): the leasable units of each floor, kept by the admin and shown on /floors.
CREATE TABLE IF NOT EXISTS units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  floor text NOT NULL,
  unit_number text NOT NULL,
  exclusive_area_m2 double precision NOT NULL CHECK (exclusive_area_m2 > 0),
  supply_area_m2 double precision NOT NULL,
  uses text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'negotiating', 'leased')),
  available_from date,
  -- Whole KRW; bigint because a deposit passes int's 2.1 billion.
  monthly_rent bigint,
  deposit bigint,
  maintenance_fee bigint,
  price_public boolean NOT NULL DEFAULT false,
  plan text,
  note jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT units_supply_covers_exclusive CHECK (supply_area_m2 >= exclusive_area_m2)
);

-- A unit number names one unit per floor ("301" and " 301" or "a1"/"A1" are the same unit).
CREATE UNIQUE INDEX IF NOT EXISTS units_floor_number_idx ON units (floor, lower(unit_number));

-- The unit an inquiry is about: its id and a snapshot of floor and number. No foreign key on purpose:
-- deleting a unit keeps its inquiries readable.
alter table inquiries add column if not exists unit_id uuid;
alter table inquiries add column if not exists unit_floor text;
alter table inquiries add column if not exists unit_number text;
-- ===== Inquiry inbox (pipeline, details, history, notification outbox) =====
-- What a tenant may add beside the four required fields, where the visit came from and the page language.
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS company text;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS business_type text;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS desired_floors text[] NOT NULL DEFAULT '{}';
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS desired_area_m2 jsonb;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS move_in_date date;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS preferred_contact text;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS source jsonb;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS locale text;
-- The pipeline: the current status is kept on the row for filtering; every change is in inquiry_history.
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'new';
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS lost_reason text;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS first_status_change_at timestamptz;

-- What the inbox search looks in, lower-cased once per write (decision 001, as for brands).
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS search_text text
  GENERATED ALWAYS AS (lower(name || E'\x1f' || coalesce(company, '') || E'\x1f' || email || E'\x1f' || phone || E'\x1f' || message)) STORED;

-- Keyset paging walks (created_at, id) both descending; status filters and counts use the second index.
CREATE INDEX IF NOT EXISTS inquiries_keyset_idx ON inquiries (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS inquiries_status_idx ON inquiries (status, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS inquiries_unit_idx ON inquiries (unit_id) WHERE unit_id IS NOT NULL;
-- One status's inquiries newest first (issue 38): a page filtered by status and floor walked the whole table's
-- keyset index, rejecting ~6,000 rows for 50 when few of that status are on that floor — the planner costs the
-- status index's scattered heap reads four times a sequential read, so it never took it. These follow the heap's
-- order as the keyset index does, and hold one status each. One per status of INQUIRY_STATUSES
-- (src/shared/inquiry.ts; tests/api/inbox-indexes.test.ts keeps the two lists the same).
CREATE INDEX IF NOT EXISTS inquiries_new_newest_idx ON inquiries (created_at DESC, id DESC) WHERE status = 'new';
CREATE INDEX IF NOT EXISTS inquiries_contacted_newest_idx ON inquiries (created_at DESC, id DESC) WHERE status = 'contacted';
CREATE INDEX IF NOT EXISTS inquiries_touring_newest_idx ON inquiries (created_at DESC, id DESC) WHERE status = 'touring';
CREATE INDEX IF NOT EXISTS inquiries_proposal_newest_idx ON inquiries (created_at DESC, id DESC) WHERE status = 'proposal';
CREATE INDEX IF NOT EXISTS inquiries_won_newest_idx ON inquiries (created_at DESC, id DESC) WHERE status = 'won';
CREATE INDEX IF NOT EXISTS inquiries_lost_newest_idx ON inquiries (created_at DESC, id DESC) WHERE status = 'lost';
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS inquiries_search_text_trgm_idx ON inquiries USING gin (search_text gin_trgm_ops);
  END IF;
END $$;

-- Append-only: every status change and note with its time. Never updated or deleted by the application.
CREATE TABLE IF NOT EXISTS inquiry_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inquiry_id uuid NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  status text,
  note text,
  lost_reason text
);
CREATE INDEX IF NOT EXISTS inquiry_history_inquiry_idx ON inquiry_history (inquiry_id, at);

-- Notifications to deliver, written in the inquiry's own transaction; drained after the answer and every minute.
CREATE TABLE IF NOT EXISTS outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inquiry_id uuid NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  channel text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A drain that claimed the row owns it until then (a crashed drain's claim simply runs out).
  locked_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_inquiry_idx ON outbox (inquiry_id);

-- The inbox caches filtered totals (X-Total-Count) per version of the inquiries, as brands do their list.
INSERT INTO data_versions (name) VALUES ('inquiries') ON CONFLICT (name) DO NOTHING;
CREATE OR REPLACE FUNCTION bump_inquiries_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'inquiries';
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS inquiries_version_bump ON inquiries;
CREATE TRIGGER inquiries_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_inquiries_version();

-- Admin brands: the name and description in English, Chinese and Japanese, `{en?, zh?, ja?}`; Korean stays
-- in name/description and is what a missing language falls back to (src/shared/brand.ts brandText).
ALTER TABLE brands ADD COLUMN IF NOT EXISTS name_i18n jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE brands ADD COLUMN IF NOT EXISTS description_i18n jsonb NOT NULL DEFAULT '{}'::jsonb;

-- The search looks in every language. A new function rather than a new body for brand_search_text: stored
-- rows would keep the old text, since replacing a function does not recompute a generated column.
CREATE OR REPLACE FUNCTION brand_search_text_i18n(name text, description text, tags text[], name_i18n jsonb, description_i18n jsonb)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT brand_search_text(name, description, tags) || E'\x1f' || concat_ws(E'\x1f',
    name_i18n->>'en', name_i18n->>'zh', name_i18n->>'ja',
    description_i18n->>'en', description_i18n->>'zh', description_i18n->>'ja') $$;

-- A generated column's expression cannot be altered in place (Postgres 15, PGlite): when search_text is
-- still the Korean-only one, drop it and add it again, which computes it for every stored row. The check
-- makes this a no-op on every later start. Dropping the column dropped its trigram index: make it again.
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = 'brands'::regclass AND a.attname = 'search_text' AND NOT a.attisdropped
      AND pg_get_expr(d.adbin, d.adrelid) LIKE '%brand_search_text_i18n%'
  ) THEN
    ALTER TABLE brands DROP COLUMN IF EXISTS search_text;
    ALTER TABLE brands ADD COLUMN search_text text
      GENERATED ALWAYS AS (lower(brand_search_text_i18n(name, description, tags, name_i18n, description_i18n))) STORED;
    -- Searches now find more: cached lists of running instances must not be served (no trigger sees DDL).
    UPDATE data_versions SET version = version + 1 WHERE name = 'brands';
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS brands_search_text_trgm_idx ON brands USING gin (search_text gin_trgm_ops);
  END IF;
END $$;

-- Undo of a delete (brands, units): the deleted record as the API answered it, kept for the undo window
-- (src/shared/undo.ts), so that undo brings back the same id and dates instead of a new, newest row.
CREATE TABLE IF NOT EXISTS deleted_records (
  entity text NOT NULL,
  id uuid NOT NULL,
  record jsonb NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity, id)
);

-- Share pages (issue 18): every address a space or a brand page ever had, so a shared link keeps working.
-- A unit's address is its floor and its number, lower-cased (as units_floor_number_idx compares them):
-- /floors/8f/801/. The row names the unit that last had it; no foreign key on purpose: once the unit is
-- deleted, its address answers 410 Gone instead of 404, and a renumbered unit's old address redirects.
CREATE TABLE IF NOT EXISTS unit_addresses (
  floor text NOT NULL,
  unit_key text NOT NULL,
  unit_id uuid NOT NULL,
  PRIMARY KEY (floor, unit_key)
);

CREATE OR REPLACE FUNCTION remember_unit_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unit_addresses (floor, unit_key, unit_id) VALUES (NEW.floor, lower(NEW.unit_number), NEW.id)
    ON CONFLICT (floor, unit_key) DO UPDATE SET unit_id = EXCLUDED.unit_id;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS units_address_remembered ON units;
CREATE TRIGGER units_address_remembered AFTER INSERT OR UPDATE OF floor, unit_number ON units
  FOR EACH ROW EXECUTE FUNCTION remember_unit_address();
-- Units stored before this table existed.
INSERT INTO unit_addresses (floor, unit_key, unit_id) SELECT floor, lower(unit_number), id FROM units
  ON CONFLICT (floor, unit_key) DO NOTHING;

-- A brand's address, /brands/<slug>/: its English name when it has one (plain Latin letters travel best in a
-- pasted link), else its Korean name, lower-cased, anything but a-z, 0-9 and Hangul turned into '-'.
-- Kept by the database, so every way a brand is written (form, undo, seed) gets one the same way.
ALTER TABLE brands ADD COLUMN IF NOT EXISTS slug text;
CREATE UNIQUE INDEX IF NOT EXISTS brands_slug_idx ON brands (slug);
CREATE TABLE IF NOT EXISTS brand_slugs (
  slug text PRIMARY KEY,
  brand_id uuid NOT NULL
);

CREATE OR REPLACE FUNCTION brand_slug_base(name text, name_i18n jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(nullif(left(trim(both '-' from regexp_replace(
    lower(coalesce(nullif(trim(name_i18n->>'en'), ''), name)), '[^a-z0-9가-힣]+', '-', 'g')), 60), ''), 'brand') $$;

-- A new or renamed brand gets the first free slug of its base (base, base-2, base-3 …). A slug is taken while
-- a brand holds it now or held it before (its old links redirect there); a deleted brand's slug is free again.
CREATE OR REPLACE FUNCTION assign_brand_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text := brand_slug_base(NEW.name, NEW.name_i18n);
  candidate text := base;
  n int := 1;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.slug IS NOT NULL AND brand_slug_base(OLD.name, OLD.name_i18n) = base THEN
    NEW.slug := OLD.slug;
    RETURN NEW;
  END IF;
  LOOP
    EXIT WHEN NOT EXISTS (SELECT 1 FROM brands WHERE slug = candidate AND id <> NEW.id)
      AND NOT EXISTS (SELECT 1 FROM brand_slugs s JOIN brands b ON b.id = s.brand_id WHERE s.slug = candidate AND s.brand_id <> NEW.id);
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  NEW.slug := candidate;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS brands_slug_assigned ON brands;
CREATE TRIGGER brands_slug_assigned BEFORE INSERT OR UPDATE OF name, name_i18n, slug ON brands
  FOR EACH ROW EXECUTE FUNCTION assign_brand_slug();

CREATE OR REPLACE FUNCTION remember_brand_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO brand_slugs (slug, brand_id) VALUES (NEW.slug, NEW.id)
    ON CONFLICT (slug) DO UPDATE SET brand_id = EXCLUDED.brand_id;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS brands_slug_remembered ON brands;
-- Every row, not UPDATE OF slug: a slug set by the BEFORE trigger does not count as a column the UPDATE names.
CREATE TRIGGER brands_slug_remembered AFTER INSERT OR UPDATE ON brands
  FOR EACH ROW EXECUTE FUNCTION remember_brand_slug();
-- Brands stored before slugs existed: the trigger gives each one. Guarded, because even an UPDATE of no row
-- would bump the brands' data version (a statement trigger) and so drop every cached list at each start.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM brands WHERE slug IS NULL) THEN
    UPDATE brands SET slug = NULL WHERE slug IS NULL;
  END IF;
END $$;

-- ===== The leasing team (issue 17): staff accounts, sessions per person, links, passkeys, audit =====
-- The spec's User becomes a staff account; `password` keeps a PHC-style hash with its parameters
-- (src/server/auth/passwords.ts). Accounts are deactivated, never deleted: the activity log names them.
ALTER TABLE users ADD COLUMN IF NOT EXISTS display_name text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS role text NOT NULL DEFAULT 'viewer';
ALTER TABLE users ADD COLUMN IF NOT EXISTS active boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT 'ko';
ALTER TABLE users ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE users ADD COLUMN IF NOT EXISTS last_sign_in_at timestamptz;
DO $$ BEGIN
  ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('owner', 'agent', 'viewer'));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
CREATE UNIQUE INDEX IF NOT EXISTS users_username_lower_idx ON users (lower(username));
CREATE UNIQUE INDEX IF NOT EXISTS users_email_lower_idx ON users (lower(email)) WHERE email IS NOT NULL;

-- A session belongs to a person: the sha256 of its token (token_hash), an id to name it by in "my account",
-- the device (User-Agent) and client address it was opened from, and when it was last used.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX IF NOT EXISTS sessions_id_idx ON sessions (id);
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS user_id uuid REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS user_agent text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS client_address text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS last_used_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Failed sign-ins also count per account (the username tried, lower-cased), bounding guesses from many addresses.
ALTER TABLE login_attempts ADD COLUMN IF NOT EXISTS account text;
CREATE INDEX IF NOT EXISTS login_attempts_account_idx ON login_attempts (account, at) WHERE account IS NOT NULL;

-- Invitation and password-reset links: only the sha256 of each token is kept; single use, expiring.
CREATE TABLE IF NOT EXISTS auth_tokens (
  id uuid PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'password-reset')),
  token_hash text NOT NULL UNIQUE,
  -- A reset's account; an invitation's account once accepted.
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  name text,
  role text CHECK (role IN ('owner', 'agent', 'viewer')),
  locale text NOT NULL DEFAULT 'ko',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
-- One live invitation per address: inviting again revokes the earlier link first.
CREATE UNIQUE INDEX IF NOT EXISTS auth_tokens_live_invitation_idx ON auth_tokens (lower(email))
  WHERE purpose = 'invitation' AND used_at IS NULL AND revoked_at IS NULL;

-- Passkeys (WebAuthn credentials) and the one-time challenges of their ceremonies.
CREATE TABLE IF NOT EXISTS passkeys (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  device_type text,
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS passkeys_user_idx ON passkeys (user_id);
CREATE TABLE IF NOT EXISTS webauthn_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  challenge text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- Settings the owner changes in the panel (the response-time reminder's business hours).
CREATE TABLE IF NOT EXISTS settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Inquiries belong to someone: the assignee (agent or owner), the next step's day, when staff first
-- touched it (a status change or a note) and when the response-time reminder went out (once).
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS assignee_id uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS next_step_on date;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS touched_at timestamptz;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS reminded_at timestamptz;
CREATE INDEX IF NOT EXISTS inquiries_assignee_idx ON inquiries (assignee_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS inquiries_untouched_idx ON inquiries (created_at) WHERE status = 'new' AND touched_at IS NULL;
CREATE INDEX IF NOT EXISTS inquiries_next_step_idx ON inquiries (next_step_on) WHERE next_step_on IS NOT NULL;

-- The history names who did each change, and records assignments and next steps beside statuses and notes.
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS actor_id uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS assigned boolean NOT NULL DEFAULT false;
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS assignee_id uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS next_step_changed boolean NOT NULL DEFAULT false;
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS next_step_on date;
-- The entries one change writes can share a clock reading (PGlite's clock is coarse): the order they were
-- written in breaks the tie, so an inquiry's history reads the same every time it is opened.
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS seq bigserial;

-- The outbox also carries staff mails (invitations, resets, assignments, reminders, digests): no inquiry
-- of their own (so they never count as an inquiry's notification), what to write in `payload`, and a
-- key that makes "once" hold (one reminder per inquiry, one digest per person and day).
ALTER TABLE outbox ALTER COLUMN inquiry_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS payload jsonb;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS dedupe_key text;
CREATE UNIQUE INDEX IF NOT EXISTS outbox_dedupe_idx ON outbox (dedupe_key);

-- The activity log: append-only. Rows are written by the triggers below in the very transaction of the
-- write they describe, or by the application for sign-ins, exports and signed links. The actor comes from
-- the transaction's `btower.actor` setting (src/server/audit/actor.ts); none means the system.
CREATE TABLE IF NOT EXISTS audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- No foreign keys: the log outlives what it names.
  actor_id uuid,
  actor_name text,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  -- {field: [before, after]}; secrets appear only as "changed".
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  client_address text
);
CREATE INDEX IF NOT EXISTS audit_events_at_idx ON audit_events (at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_events_actor_idx ON audit_events (actor_id, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_events_entity_idx ON audit_events (entity, at DESC, id DESC);

CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
DROP TRIGGER IF EXISTS audit_events_no_change ON audit_events;
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events;
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

-- One audit row per changed row: the fields that changed, before → after. TG_ARGV[0] names the entity,
-- the other arguments are columns not worth recording (derived or bookkeeping ones). Secrets are
-- recorded as changed, never with their value.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN '{}'::jsonb ELSE to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN '{}'::jsonb ELSE to_jsonb(NEW) END;
  actor jsonb := nullif(current_setting('btower.actor', true), '')::jsonb;
  changes jsonb := '{}'::jsonb;
  field text;
BEGIN
  FOR field IN SELECT jsonb_object_keys(old_row || new_row) LOOP
    -- A record's version (the lost-update check's counter, below) is bookkeeping, not a change.
    CONTINUE WHEN field = ANY (TG_ARGV) OR field = 'version';
    -- A field that is absent on one side (a created or deleted row) counts as JSON null.
    IF coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb) THEN
      changes := changes || jsonb_build_object(field, CASE
        -- A lease's tenant (its people, and the prospect's company a draft starts from) would outlive their periods in the log.
        WHEN field IN ('password', 'public_key', 'representative', 'contacts', 'legal_name', 'business_number', 'new_brand') THEN '["changed", "changed"]'::jsonb
        ELSE jsonb_build_array(old_row -> field, new_row -> field) END);
    END IF;
  END LOOP;
  IF changes = '{}'::jsonb THEN RETURN NULL; END IF;
  INSERT INTO audit_events (actor_id, actor_name, action, entity, entity_id, changes, client_address)
  VALUES (
    (actor ->> 'id')::uuid, actor ->> 'name',
    coalesce(actor ->> 'action', CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'DELETE' THEN 'delete' ELSE 'update' END),
    TG_ARGV[0], coalesce(new_row ->> 'id', old_row ->> 'id', new_row ->> 'key', old_row ->> 'key'),
    changes, actor ->> 'address');
  RETURN NULL;
END $$;

-- A note is an inquiry's own change: recorded against the inquiry, with its text.
CREATE OR REPLACE FUNCTION audit_inquiry_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('btower.actor', true), '')::jsonb;
BEGIN
  INSERT INTO audit_events (actor_id, actor_name, action, entity, entity_id, changes, client_address)
  VALUES ((actor ->> 'id')::uuid, actor ->> 'name', 'note', 'inquiry', NEW.inquiry_id::text,
    jsonb_build_object('note', jsonb_build_array(NULL, NEW.note)), actor ->> 'address');
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS brands_audit ON brands;
CREATE TRIGGER brands_audit AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('brand', 'search_text', 'updated_at', 'created_at');
DROP TRIGGER IF EXISTS units_audit ON units;
CREATE TRIGGER units_audit AFTER INSERT OR UPDATE OR DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('unit', 'updated_at', 'created_at');
-- Visitors' new inquiries are not staff writes; what staff change on them is.
DROP TRIGGER IF EXISTS inquiries_audit ON inquiries;
CREATE TRIGGER inquiries_audit AFTER UPDATE ON inquiries
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('inquiry', 'search_text', 'first_status_change_at', 'touched_at', 'reminded_at');
DROP TRIGGER IF EXISTS inquiry_notes_audit ON inquiry_history;
CREATE TRIGGER inquiry_notes_audit AFTER INSERT ON inquiry_history
  FOR EACH ROW WHEN (NEW.note IS NOT NULL) EXECUTE FUNCTION audit_inquiry_note();
DROP TRIGGER IF EXISTS users_audit ON users;
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('user', 'last_sign_in_at', 'created_at');
DROP TRIGGER IF EXISTS settings_audit ON settings;
CREATE TRIGGER settings_audit AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('setting', 'updated_at');
DROP TRIGGER IF EXISTS passkeys_audit ON passkeys;
CREATE TRIGGER passkeys_audit AFTER INSERT OR DELETE ON passkeys
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('passkey', 'counter', 'last_used_at', 'created_at', 'transports', 'device_type', 'backed_up');

-- Privacy notice at the form (issue 24): which version of the collection notice the visitor acknowledged and when,
-- and their separate marketing choice (yes/no, when; the text is that same notice version). Null on inquiries sent
-- before the notice existed. The times are the server's at submission, not the browser's.
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS privacy_notice_version text;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS privacy_notice_at timestamptz;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS marketing_consent boolean NOT NULL DEFAULT false;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS marketing_consent_at timestamptz;
-- ===== Staff access records (issue 25): who viewed or downloaded which inquiries, and the monthly review =====
-- A table of its own beside audit_events (decision 027): views outnumber writes a hundredfold, and the
-- activity log's list of writes stays as fast as it was. Ids only, never a name or an e-mail of a visitor:
-- the privacy destruction job has nothing to erase here, and nothing deletes a row (kept ≥ 2 years).
CREATE TABLE IF NOT EXISTS access_records (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_name text,
  action text NOT NULL CHECK (action IN ('inquiry.view', 'attachment.link', 'inquiries.export', 'privacy_request.view', 'proposal.view', 'proposal.pdf', 'proposal.certificate')),
  -- The inquiries concerned (one for a view or a link; an export's are counted, not listed).
  inquiry_ids uuid[] NOT NULL DEFAULT '{}',
  -- Another record's id (a privacy request), when the access concerned one.
  target_id text,
  -- How many inquiries an export carried.
  row_count integer,
  -- Why an export was made: a code of EXPORT_REASONS (src/shared/access.ts) or the person's words, and their note.
  reason text,
  reason_text text,
  client_address text
);
-- Reads of proposals that name the prospect are access records too (src/shared/access.ts ACCESS_ACTIONS): a table made
-- before them has the inline CHECK without them, replaced once (the check makes this a no-op on every later start).
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_constraint WHERE conrelid = 'access_records'::regclass AND conname = 'access_records_action_check'
      AND pg_get_constraintdef(oid) LIKE '%proposal.certificate%'
  ) THEN
    ALTER TABLE access_records DROP CONSTRAINT IF EXISTS access_records_action_check;
    ALTER TABLE access_records ADD CONSTRAINT access_records_action_check CHECK (action IN (
      'inquiry.view', 'attachment.link', 'inquiries.export', 'privacy_request.view', 'proposal.view', 'proposal.pdf', 'proposal.certificate'));
  END IF;
END $$;
CREATE INDEX IF NOT EXISTS access_records_at_idx ON access_records (at DESC, id DESC);
CREATE INDEX IF NOT EXISTS access_records_actor_idx ON access_records (actor_id, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS access_records_action_idx ON access_records (action, at DESC, id DESC);
CREATE OR REPLACE FUNCTION access_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_records is append-only';
END $$;
DROP TRIGGER IF EXISTS access_records_no_change ON access_records;
CREATE TRIGGER access_records_no_change BEFORE UPDATE OR DELETE ON access_records
  FOR EACH ROW EXECUTE FUNCTION access_records_append_only();
DROP TRIGGER IF EXISTS access_records_no_truncate ON access_records;
CREATE TRIGGER access_records_no_truncate BEFORE TRUNCATE ON access_records
  FOR EACH STATEMENT EXECUTE FUNCTION access_records_append_only();

-- One monthly review per month (YYYY-MM, Korean calendar): when its mail was queued (once, however often the
-- schedule runs), and who marked it done. Its changes go to the activity log like any write.
CREATE TABLE IF NOT EXISTS access_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  month text NOT NULL UNIQUE CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  mailed_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  done_by uuid REFERENCES users (id) ON DELETE SET NULL
);
DROP TRIGGER IF EXISTS access_reviews_audit ON access_reviews;
CREATE TRIGGER access_reviews_audit AFTER INSERT OR UPDATE ON access_reviews
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('access_review');
-- ===== Tours (issue 26): site visits booked for an inquiry, their invitations and the staff calendar feed =====
-- A tour keeps no copy of the prospect's name or address: mails read them from the inquiry when they are sent.
-- busy_until = ends_at + the buffer at booking time: the host's time the tour takes (decision 030).
CREATE TABLE IF NOT EXISTS tours (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inquiry_id uuid NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  host_id uuid NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'no_show', 'cancelled')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  busy_until timestamptz NOT NULL,
  unit_ids uuid[] NOT NULL DEFAULT '{}',
  meeting_point text,
  message_to_prospect text,
  internal_notes text,
  locale text NOT NULL DEFAULT 'ko',
  -- The invitation's SEQUENCE: 0 when booked, +1 with every later message (reschedule, cancel).
  sequence int NOT NULL DEFAULT 0,
  cancel_reason text,
  interest smallint CHECK (interest BETWEEN 1 AND 5),
  feedback text,
  next_step text,
  next_step_on date,
  outcome_at timestamptz,
  outcome_reminded_at timestamptz,
  prospect_reminded_at timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (busy_until >= ends_at)
);
CREATE INDEX IF NOT EXISTS tours_host_busy_idx ON tours (host_id, starts_at) WHERE status = 'scheduled';
CREATE INDEX IF NOT EXISTS tours_starts_idx ON tours (starts_at);
CREATE INDEX IF NOT EXISTS tours_inquiry_idx ON tours (inquiry_id);

-- Never two scheduled tours of one host overlapping (buffer included), whatever writes them: the host's
-- row is locked first, so two bookings of one host run one after the other and the second sees the first.
-- Portable to PGlite, Postgres and Neon without an extension (decision 030).
CREATE OR REPLACE FUNCTION tours_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'scheduled' THEN RETURN NEW; END IF;
  PERFORM 1 FROM users WHERE id = NEW.host_id FOR NO KEY UPDATE;
  IF EXISTS (
    SELECT 1 FROM tours t
    WHERE t.host_id = NEW.host_id AND t.status = 'scheduled' AND t.id <> NEW.id
      AND t.starts_at < NEW.busy_until AND NEW.starts_at < t.busy_until
  ) THEN
    RAISE EXCEPTION 'tour_overlap: the host has another tour then' USING ERRCODE = 'exclusion_violation';
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS tours_no_overlap ON tours;
CREATE TRIGGER tours_no_overlap BEFORE INSERT OR UPDATE OF host_id, starts_at, busy_until, status ON tours
  FOR EACH ROW EXECUTE FUNCTION tours_no_overlap();
DROP TRIGGER IF EXISTS tours_audit ON tours;
CREATE TRIGGER tours_audit AFTER INSERT OR UPDATE OR DELETE ON tours
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('tour', 'updated_at', 'created_at', 'outcome_reminded_at', 'prospect_reminded_at');

-- One private calendar feed per staff member: the token is an HMAC of `id` (so the panel can show it
-- again); only its sha256 is stored. Rotating replaces the row; the account's deletion removes it and a
-- deactivated account's feed answers 404.
CREATE TABLE IF NOT EXISTS calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- ===== Reports (issue 27): each space's status per Korean calendar day, for vacancy over time =====
-- One row per space and day: the status it had at the end of that day (a change later the same day
-- overwrites the row). Written by the trigger below on every unit write, in the write's own transaction,
-- and by the scheduled function functions/unit-status-days.ts every night for every space (so a day with
-- no change still has its row). No foreign key on purpose: a deleted space keeps its past days.
CREATE TABLE IF NOT EXISTS unit_status_days (
  day date NOT NULL,
  unit_id uuid NOT NULL,
  floor text NOT NULL,
  unit_number text NOT NULL,
  status text NOT NULL,
  exclusive_area_m2 double precision NOT NULL,
  PRIMARY KEY (unit_id, day)
);
CREATE INDEX IF NOT EXISTS unit_status_days_day_idx ON unit_status_days (day);

CREATE OR REPLACE FUNCTION record_unit_status_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (clock_timestamp() AT TIME ZONE 'Asia/Seoul')::date;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Gone today: it no longer counts among today's spaces; its earlier days stay.
    DELETE FROM unit_status_days WHERE unit_id = OLD.id AND day = today;
    RETURN NULL;
  END IF;
  INSERT INTO unit_status_days (day, unit_id, floor, unit_number, status, exclusive_area_m2)
  VALUES (today, NEW.id, NEW.floor, NEW.unit_number, NEW.status, NEW.exclusive_area_m2)
  ON CONFLICT (unit_id, day) DO UPDATE SET floor = EXCLUDED.floor, unit_number = EXCLUDED.unit_number,
    status = EXCLUDED.status, exclusive_area_m2 = EXCLUDED.exclusive_area_m2;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS units_status_day ON units;
CREATE TRIGGER units_status_day AFTER INSERT OR UPDATE OF status, floor, unit_number, exclusive_area_m2 OR DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION record_unit_status_day();
-- The day the schema is applied counts from the start (the chart is true from the day it ships).
INSERT INTO unit_status_days (day, unit_id, floor, unit_number, status, exclusive_area_m2)
  SELECT (now() AT TIME ZONE 'Asia/Seoul')::date, id, floor, unit_number, status, exclusive_area_m2 FROM units
  ON CONFLICT (unit_id, day) DO NOTHING;
-- Reports are cached per version of what they read: inquiries (above) and spaces.
INSERT INTO data_versions (name) VALUES ('units') ON CONFLICT (name) DO NOTHING;
CREATE OR REPLACE FUNCTION bump_units_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'units';
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS unit_status_days_version_bump ON unit_status_days;
CREATE TRIGGER unit_status_days_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON unit_status_days
  FOR EACH STATEMENT EXECUTE FUNCTION bump_units_version();
-- The team report reads the history by time across all inquiries.
CREATE INDEX IF NOT EXISTS inquiry_history_at_idx ON inquiry_history (at);
-- ===== Privacy rights (issue 24): destruction on time and the requests a visitor can make =====
-- A destroyed inquiry keeps its row with only anonymous facts (day, status, floor/space, use, area band, visit
-- channel, page language): its personal columns become NULL (src/server/privacy/personal-data.ts lists them).
-- search_text is computed from them, so it becomes NULL too.
ALTER TABLE inquiries ALTER COLUMN name DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN email DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN phone DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN message DROP NOT NULL;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS destroyed_at timestamptz;
-- "Stop processing" (PIPA Art. 37): the inquiry leaves reminders, digests and exports and can only be read.
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS suspended_at timestamptz;
-- The marketing choice (also added by the collection notice's block; both are idempotent and identical).
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS marketing_consent boolean NOT NULL DEFAULT false;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS marketing_consent_at timestamptz;
CREATE INDEX IF NOT EXISTS inquiries_email_lower_idx ON inquiries (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX IF NOT EXISTS inquiries_retention_idx ON inquiries (created_at) WHERE destroyed_at IS NULL;

-- A visitor's request (access, correction, deletion, suspension, marketing withdrawal). Only requests for an
-- address we hold inquiries of are stored (decision 023). `email` is the requester's address until the request
-- is closed and its outcome mailed; then it is cleared. The link's token is an HMAC of the id (only its sha256
-- is kept, as for staff links); an unconfirmed request is deleted once its link expired.
CREATE TABLE IF NOT EXISTS privacy_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('access', 'correction', 'deletion', 'suspension', 'marketing_withdrawal')),
  email text,
  lang text NOT NULL DEFAULT 'ko',
  details text,
  token_hash text UNIQUE,
  status text NOT NULL DEFAULT 'unconfirmed' CHECK (status IN ('unconfirmed', 'open', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  due_at timestamptz,
  reminded_at timestamptz,
  closed_at timestamptz,
  outcome text,
  -- The owner's word to the requester, sent with the outcome and cleared with the address.
  outcome_note text,
  inquiry_ids uuid[] NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS privacy_requests_status_idx ON privacy_requests (status, due_at);

-- Destruction may rewrite an inquiry's activity-log values to "destroyed" (PIPA Art. 21), and nothing else:
-- only inside a transaction that set btower.redact to that inquiry's id, only the `changes` column, only rows
-- of that inquiry, of its tours and of its proposals and their approval rounds (issue 39). Every other UPDATE, DELETE
-- or TRUNCATE stays refused. The proposals' tables are created further down: plpgsql resolves them when it runs.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.entity_id IS NOT NULL
    AND ((OLD.entity = 'inquiry' AND OLD.entity_id = nullif(current_setting('btower.redact', true), ''))
      OR (OLD.entity = 'tour' AND EXISTS (SELECT 1 FROM tours t WHERE t.id::text = OLD.entity_id
        AND t.inquiry_id::text = nullif(current_setting('btower.redact', true), '')))
      OR (OLD.entity = 'proposal' AND EXISTS (SELECT 1 FROM proposals p WHERE p.id::text = OLD.entity_id
        AND p.inquiry_id::text = nullif(current_setting('btower.redact', true), '')))
      OR (OLD.entity = 'proposal_approval' AND EXISTS (SELECT 1 FROM proposal_approvals a JOIN proposals p ON p.id = a.proposal_id
        WHERE a.id::text = OLD.entity_id AND p.inquiry_id::text = nullif(current_setting('btower.redact', true), ''))))
    AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
    AND NEW.actor_name IS NOT DISTINCT FROM OLD.actor_name AND NEW.action = OLD.action AND NEW.entity = OLD.entity
    AND NEW.entity_id = OLD.entity_id AND NEW.client_address IS NOT DISTINCT FROM OLD.client_address THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
-- ---------------------------------------------------------------------------------------------------------
-- Staff second factor and sessions that end (issue 25; docs/decisions/025-second-factor.md). The TOTP key
-- lives in its own table, outside the users trigger, so its value never reaches the activity log (the
-- writes are recorded as explicit events instead). Recovery codes and challenges are kept as digests only.
CREATE TABLE IF NOT EXISTS user_totp (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text,
  pending_secret text,
  enabled_at timestamptz,
  last_step bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS recovery_codes_user ON recovery_codes (user_id);
CREATE TABLE IF NOT EXISTS second_factor_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_address text,
  failures integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS second_factor_challenges_expiry ON second_factor_challenges (expires_at);
-- Wrong codes given to turn TOTP off from a session: like a challenge, a session that gives five is ended (issue 38).
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS code_failures integer NOT NULL DEFAULT 0;
-- ===== Record versions (lost updates, issue 28; decision 033) =====
-- Every record two people may edit at once carries a version: it starts at 1 and goes up by one with
-- every UPDATE that changes a column other than the trigger's arguments (bookkeeping columns: dates
-- stamped by the server, derived search text, sign-in times). A write that names the version it was
-- based on (If-Match) is a conditional UPDATE … WHERE version = that one: a stale write changes nothing
-- and answers 409 with the current record. A trigger, not the query, bumps it, so every writer counts.
CREATE OR REPLACE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'version' - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - 'version' - TG_ARGV) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END $$;

ALTER TABLE units ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE brands ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE settings ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;

DROP TRIGGER IF EXISTS units_row_version ON units;
CREATE TRIGGER units_row_version BEFORE UPDATE ON units
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at', 'created_at');
DROP TRIGGER IF EXISTS brands_row_version ON brands;
CREATE TRIGGER brands_row_version BEFORE UPDATE ON brands
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('search_text', 'updated_at', 'created_at');
DROP TRIGGER IF EXISTS inquiries_row_version ON inquiries;
CREATE TRIGGER inquiries_row_version BEFORE UPDATE ON inquiries
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('search_text', 'first_status_change_at', 'touched_at', 'reminded_at');
DROP TRIGGER IF EXISTS users_row_version ON users;
CREATE TRIGGER users_row_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('last_sign_in_at', 'created_at', 'password');
DROP TRIGGER IF EXISTS settings_row_version ON settings;
CREATE TRIGGER settings_row_version BEFORE UPDATE ON settings
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at');

-- Reports count tours (issues 26 and 27): a tour write refreshes the cached reports at once, as an inquiry write does.
DROP TRIGGER IF EXISTS tours_version_bump ON tours;
CREATE TRIGGER tours_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tours
  FOR EACH STATEMENT EXECUTE FUNCTION bump_inquiries_version();

-- Tours and privacy requests carry a version too (issue 28, decision 038): a reschedule, cancellation or
-- outcome, and the owner's action on a request, name the version they were based on (If-Match). The
-- reminder stamps are bookkeeping, not changes a person made.
ALTER TABLE tours ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE privacy_requests ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
DROP TRIGGER IF EXISTS tours_row_version ON tours;
CREATE TRIGGER tours_row_version BEFORE UPDATE ON tours
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at', 'created_at', 'outcome_reminded_at', 'prospect_reminded_at');
DROP TRIGGER IF EXISTS privacy_requests_row_version ON privacy_requests;
CREATE TRIGGER privacy_requests_row_version BEFORE UPDATE ON privacy_requests
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('reminded_at', 'created_at');

-- Brand tags in English, Chinese and Japanese (issue 28 item 11), `{en?: [...], zh?: [...], ja?: [...]}`; `tags`
-- stay Korean and are what a language without tags shows (src/shared/brand-basics.ts brandTags).
ALTER TABLE brands ADD COLUMN IF NOT EXISTS tags_i18n jsonb NOT NULL DEFAULT '{}'::jsonb;

-- The search finds a brand by its tags in every language too. Its name keeps "brand_search_text_i18n" in it,
-- so the check above stays true on every later start and only this block replaces the column, once.
CREATE OR REPLACE FUNCTION brand_search_text_i18n_tags(name text, description text, tags text[], name_i18n jsonb, description_i18n jsonb, tags_i18n jsonb)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT brand_search_text_i18n(name, description, tags, name_i18n, description_i18n) || E'\x1f' || coalesce((
    SELECT string_agg(tag, E'\x1f') FROM jsonb_array_elements_text(
      coalesce(tags_i18n->'en', '[]'::jsonb) || coalesce(tags_i18n->'zh', '[]'::jsonb) || coalesce(tags_i18n->'ja', '[]'::jsonb)) AS tag), '') $$;

DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = 'brands'::regclass AND a.attname = 'search_text' AND NOT a.attisdropped
      AND pg_get_expr(d.adbin, d.adrelid) LIKE '%brand_search_text_i18n_tags%'
  ) THEN
    ALTER TABLE brands DROP COLUMN IF EXISTS search_text;
    ALTER TABLE brands ADD COLUMN search_text text
      GENERATED ALWAYS AS (lower(brand_search_text_i18n_tags(name, description, tags, name_i18n, description_i18n, tags_i18n))) STORED;
    UPDATE data_versions SET version = version + 1 WHERE name = 'brands';
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS brands_search_text_trgm_idx ON brands USING gin (search_text gin_trgm_ops);
  END IF;
END $$;

-- Each inquiry's first response (issue 27, decision 044): the history entry by which a staff member first changed
-- its status or added a note — when, in which order, and by whom (the arrival entry, status "new" by nobody, is
-- not a response). Written by the trigger below in the same transaction as
-- that entry (every write path: the inbox, a booked tour, a restore, the demo seed), so the speed and team
-- reports read one row per inquiry instead of sorting the whole history for each report. Only staff and
-- times: a destroyed inquiry keeps it (its note becomes NULL, the fact that it was answered and by whom stays).
-- Created and filled from the history once; from then on kept by the trigger.
DO $$ BEGIN
  -- Looked up in this schema only: a copy in another schema on the search path (public) must not stand in for it.
  IF to_regclass(format('%I.inquiry_first_responses', current_schema())) IS NULL THEN
    CREATE TABLE inquiry_first_responses (
      inquiry_id uuid PRIMARY KEY REFERENCES inquiries (id) ON DELETE CASCADE,
      at timestamptz NOT NULL,
      seq bigint NOT NULL,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL
    );
    INSERT INTO inquiry_first_responses (inquiry_id, at, seq, actor_id)
      SELECT DISTINCT ON (inquiry_id) inquiry_id, at, seq, actor_id FROM inquiry_history
      WHERE (status IS NOT NULL OR note IS NOT NULL) AND NOT (actor_id IS NULL AND status = 'new' AND note IS NULL)
      ORDER BY inquiry_id, at, seq;
  END IF;
END $$;
CREATE OR REPLACE FUNCTION record_first_response() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An entry dated before the one recorded (entries written out of order) takes its place: first by time.
  INSERT INTO inquiry_first_responses AS f (inquiry_id, at, seq, actor_id)
  VALUES (NEW.inquiry_id, NEW.at, NEW.seq, NEW.actor_id)
  ON CONFLICT (inquiry_id) DO UPDATE SET at = EXCLUDED.at, seq = EXCLUDED.seq, actor_id = EXCLUDED.actor_id
    WHERE (EXCLUDED.at, EXCLUDED.seq) < (f.at, f.seq);
  RETURN NULL;
END $$;
-- Only a staff member's entry answers: one without an actor is the system's (the arrival). Until issue 38 the
-- trigger took the arrival as every inquiry's first response, crediting nobody; the first time this version runs
-- it replaces the trigger and takes those rows back from the history (an entry whose author's account was
-- deleted since still counts: only the arrival entry is left out). Its WHEN clause is the mark that it ran.
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_trigger WHERE tgrelid = 'inquiry_history'::regclass AND tgname = 'inquiry_history_first_response'
      AND pg_get_triggerdef(oid) LIKE '%actor_id IS NOT NULL%'
  ) THEN
    DROP TRIGGER IF EXISTS inquiry_history_first_response ON inquiry_history;
    CREATE TRIGGER inquiry_history_first_response AFTER INSERT ON inquiry_history
      FOR EACH ROW WHEN (NEW.actor_id IS NOT NULL AND (NEW.status IS NOT NULL OR NEW.note IS NOT NULL)) EXECUTE FUNCTION record_first_response();
    DELETE FROM inquiry_first_responses f USING inquiry_history h
      WHERE h.inquiry_id = f.inquiry_id AND h.at = f.at AND h.seq = f.seq AND h.actor_id IS NULL AND h.status = 'new' AND h.note IS NULL;
    INSERT INTO inquiry_first_responses (inquiry_id, at, seq, actor_id)
      SELECT DISTINCT ON (inquiry_id) inquiry_id, at, seq, actor_id FROM inquiry_history
      WHERE (status IS NOT NULL OR note IS NOT NULL) AND NOT (actor_id IS NULL AND status = 'new' AND note IS NULL)
      ORDER BY inquiry_id, at, seq
      ON CONFLICT (inquiry_id) DO NOTHING;
  END IF;
END $$;
-- The spaces report's days on market: the last day each space was recorded leased, one index probe per
-- space instead of reading its vacant days back to the last lease (reports read OCCUPIED_STATUS, 'leased').
CREATE INDEX IF NOT EXISTS unit_status_days_leased_idx ON unit_status_days (unit_id, day) WHERE status = 'leased';
-- ===== Proposals (issue 39): the deal's offers, their approvals, the prospect's links, codes and answers =====
-- A space reserved by an accepted proposal (its hold; src/shared/units/basics.ts). The inline CHECK of the units
-- table is replaced once: the check makes this a no-op on every later start.
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_constraint WHERE conrelid = 'units'::regclass AND conname = 'units_status_check'
      AND pg_get_constraintdef(oid) LIKE '%reserved%'
  ) THEN
    ALTER TABLE units DROP CONSTRAINT IF EXISTS units_status_check;
    ALTER TABLE units ADD CONSTRAINT units_status_check CHECK (status IN ('available', 'negotiating', 'reserved', 'leased'));
  END IF;
END $$;

-- One version of one negotiation. Version 1's id is its root_id; a next version (an edit of what was sent, our answer
-- to a counter, the prospect's counter) names its parent and takes the next number of its root. `terms` (DealTerms),
-- `asking` (the spaces' asking terms frozen at the save) and `metrics` (DealMetrics at the save) are JSON; money in
-- them is whole won. A sent version never changes (src/server/proposals/queries.ts refuses it: 409 proposal_sent).
-- `revision` is the lost-update counter (If-Match), `version` the negotiation's version number (docs/api/proposals.md).
CREATE TABLE IF NOT EXISTS proposals (
  id uuid PRIMARY KEY,
  inquiry_id uuid NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  root_id uuid NOT NULL,
  parent_id uuid REFERENCES proposals (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  proposed_by text NOT NULL DEFAULT 'landlord' CHECK (proposed_by IN ('landlord', 'prospect')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'pending_approval', 'changes_requested', 'rejected', 'approved',
    'sent', 'accepted', 'declined', 'countered', 'expired', 'withdrawn', 'superseded')),
  unit_ids uuid[] NOT NULL,
  terms jsonb NOT NULL,
  asking jsonb NOT NULL,
  metrics jsonb NOT NULL,
  valid_until date NOT NULL,
  locale text NOT NULL DEFAULT 'ko',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  submitted_at timestamptz,
  sent_by uuid REFERENCES users (id) ON DELETE SET NULL,
  sent_at timestamptz,
  answered_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  UNIQUE (root_id, version),
  CHECK ((version = 1) = (parent_id IS NULL))
);
CREATE INDEX IF NOT EXISTS proposals_inquiry_idx ON proposals (inquiry_id, root_id, version);
-- The daily job's expiry looks for sent versions past their validity.
CREATE INDEX IF NOT EXISTS proposals_sent_valid_idx ON proposals (valid_until) WHERE status = 'sent';
CREATE INDEX IF NOT EXISTS proposals_status_idx ON proposals (status, updated_at DESC);

-- The lost-update counter, as bump_row_version keeps `version` elsewhere (decision 033): +1 on every change a person
-- made; derived and bookkeeping columns do not count.
CREATE OR REPLACE FUNCTION bump_row_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'revision' - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - 'revision' - TG_ARGV) THEN
    NEW.revision := OLD.revision + 1;
  ELSE
    NEW.revision := OLD.revision;
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS proposals_row_revision ON proposals;
CREATE TRIGGER proposals_row_revision BEFORE UPDATE ON proposals
  FOR EACH ROW EXECUTE FUNCTION bump_row_revision('updated_at', 'created_at');
-- The activity log records what people changed; the stored economics and asking copy follow the terms.
DROP TRIGGER IF EXISTS proposals_audit ON proposals;
CREATE TRIGGER proposals_audit AFTER INSERT OR UPDATE OR DELETE ON proposals
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('proposal', 'updated_at', 'created_at', 'metrics', 'asking', 'revision');
-- Reports count proposals (conversion, rounds, approval turnaround): a proposal write refreshes them, as a tour's does.
DROP TRIGGER IF EXISTS proposals_version_bump ON proposals;
CREATE TRIGGER proposals_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proposals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_inquiries_version();

-- Each approval round of a version: every rule as evaluated at submission (value, limit, hit), who asked, and the
-- owner's decision ('auto' when no rule was hit; 'voided' when an edit sent the version back before a decision).
CREATE TABLE IF NOT EXISTS proposal_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  proposal_id uuid NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  proposal_revision integer NOT NULL,
  rules jsonb NOT NULL,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decision text CHECK (decision IN ('auto', 'approved', 'rejected', 'changes_requested', 'voided')),
  approver_id uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  comment text
);
CREATE INDEX IF NOT EXISTS proposal_approvals_proposal_idx ON proposal_approvals (proposal_id, requested_at);
CREATE INDEX IF NOT EXISTS proposal_approvals_pending_idx ON proposal_approvals (requested_at) WHERE decision IS NULL;
DROP TRIGGER IF EXISTS proposal_approvals_audit ON proposal_approvals;
CREATE TRIGGER proposal_approvals_audit AFTER INSERT OR UPDATE ON proposal_approvals
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('proposal_approval');

-- The prospect's link to one version: the token is an HMAC of `id` (src/server/proposals/links.ts), only its sha256
-- is kept; bound to one recipient address, it expires with the proposal's validity, can be revoked (a newer version
-- sent, withdrawn, resent) and is spent by the one decision it takes.
CREATE TABLE IF NOT EXISTS proposal_links (
  id uuid PRIMARY KEY,
  proposal_id uuid NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  recipient text,
  locale text NOT NULL DEFAULT 'ko',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  first_viewed_at timestamptz,
  last_viewed_at timestamptz,
  revoked_at timestamptz,
  decided_at timestamptz
);
CREATE INDEX IF NOT EXISTS proposal_links_proposal_idx ON proposal_links (proposal_id, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_links_live_idx ON proposal_links (proposal_id) WHERE revoked_at IS NULL AND decided_at IS NULL;
-- The activity log names a link's making (who sent which version, in which language, until when), its revocation and
-- its answer: its secret's digest, the address it went to (personal data, kept on the link alone) and the prospect's
-- openings stay out.
DROP TRIGGER IF EXISTS proposal_links_audit ON proposal_links;
CREATE TRIGGER proposal_links_audit AFTER INSERT OR UPDATE ON proposal_links
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('proposal_link', 'token_hash', 'recipient', 'created_at', 'first_viewed_at', 'last_viewed_at');

-- The mailed 6-digit codes a decision needs: derived from `id` under the server's secret (the outbox holds the id,
-- the mail the code), kept as a digest; five minutes, five wrong tries, the newest one only.
CREATE TABLE IF NOT EXISTS proposal_link_codes (
  id uuid PRIMARY KEY,
  link_id uuid NOT NULL REFERENCES proposal_links (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS proposal_link_codes_link_idx ON proposal_link_codes (link_id, created_at DESC);

-- The prospect's answer to a version, once (UNIQUE), with its evidence: when (UTC and as the certificate prints it in
-- Korean time), from where (client address, user agent), which document (the PDF's SHA-256 and language), who (the
-- signer's name, title, company; the address the link and code went to) and what (consent words version, decline
-- reason and words, the counter's changes and the version it made). Personal fields are on the privacy map.
CREATE TABLE IF NOT EXISTS proposal_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  proposal_id uuid NOT NULL UNIQUE REFERENCES proposals (id) ON DELETE CASCADE,
  link_id uuid REFERENCES proposal_links (id) ON DELETE SET NULL,
  decision text NOT NULL CHECK (decision IN ('accept', 'decline', 'counter')),
  at timestamptz NOT NULL,
  at_kst text NOT NULL,
  client_address text,
  user_agent text,
  pdf_sha256 text NOT NULL,
  pdf_locale text NOT NULL,
  recipient text,
  code_verified boolean NOT NULL DEFAULT false,
  signer_name text,
  signer_title text,
  company text,
  consent_version text,
  reason_code text,
  message text,
  counter jsonb,
  counter_proposal_id uuid REFERENCES proposals (id) ON DELETE SET NULL
);

-- The spaces an accepted proposal holds (reserved) until a lease is signed from it or the hold lapses. One live hold
-- per space, whatever writes it: of two acceptances of one space at once exactly one commits (the unique index),
-- the other answers 409 unit_reserved. `status_before` is what the space goes back to when the hold lapses.
CREATE TABLE IF NOT EXISTS proposal_holds (
  proposal_id uuid NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  unit_id uuid NOT NULL,
  status_before text NOT NULL,
  held_at timestamptz NOT NULL DEFAULT now(),
  until timestamptz NOT NULL,
  released_at timestamptz,
  release_reason text CHECK (release_reason IN ('lapsed', 'lease_signed', 'withdrawn')),
  PRIMARY KEY (proposal_id, unit_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_holds_live_unit_idx ON proposal_holds (unit_id) WHERE released_at IS NULL;
CREATE INDEX IF NOT EXISTS proposal_holds_until_idx ON proposal_holds (until) WHERE released_at IS NULL;
-- An owner signing another inquiry's lease on a held space releases the hold only by saying so (decision 058's
-- amendment): `released` with who did and why. The inline CHECK is replaced once (a no-op on every later start).
ALTER TABLE proposal_holds ADD COLUMN IF NOT EXISTS released_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE proposal_holds ADD COLUMN IF NOT EXISTS release_note text;
ALTER TABLE proposal_holds ADD COLUMN IF NOT EXISTS released_for uuid;
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_constraint WHERE conrelid = 'proposal_holds'::regclass AND conname = 'proposal_holds_release_reason_check'
      AND pg_get_constraintdef(oid) LIKE '%released''%'
  ) THEN
    ALTER TABLE proposal_holds DROP CONSTRAINT IF EXISTS proposal_holds_release_reason_check;
    ALTER TABLE proposal_holds ADD CONSTRAINT proposal_holds_release_reason_check CHECK (release_reason IN ('lapsed', 'lease_signed', 'withdrawn', 'released'));
  END IF;
END $$;



-- Lost reasons are a fixed list (src/shared/lost-reasons.ts, issue 38): `lost_reason` holds its code, and
-- `lost_reason_text` the person's own words for "other". Reasons written before were free text: the first
-- start of this version makes each of them "other" with its text (nothing typed is lost or guessed into a
-- code); the text column's arrival is the mark that this ran. The codes below are the list as it was then.
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute WHERE attrelid = 'inquiries'::regclass AND attname = 'lost_reason_text' AND NOT attisdropped
  ) THEN
    ALTER TABLE inquiries ADD COLUMN lost_reason_text text;
    ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS lost_reason_text text;
    UPDATE inquiries SET lost_reason_text = lost_reason, lost_reason = 'other'
      WHERE lost_reason IS NOT NULL AND lost_reason NOT IN ('price', 'size', 'timing', 'location', 'leased_elsewhere', 'no_response', 'other');
    UPDATE inquiry_history SET lost_reason_text = lost_reason, lost_reason = 'other'
      WHERE lost_reason IS NOT NULL AND lost_reason NOT IN ('price', 'size', 'timing', 'location', 'leased_elsewhere', 'no_response', 'other');
  END IF;
END $$;
-- ===== Leases (issue 40; decision 056): the record a won deal becomes, its schedule, its amendments =====
-- A brand's place in the public directory (src/shared/leases/directory.ts): brands registered before leases are
-- open; a brand a signing creates starts hidden. opening_on is the day the daily job opens a coming-soon brand.
ALTER TABLE brands ADD COLUMN IF NOT EXISTS directory_state text NOT NULL DEFAULT 'open';
ALTER TABLE brands ADD COLUMN IF NOT EXISTS opening_on date;
DO $$ BEGIN
  ALTER TABLE brands ADD CONSTRAINT brands_directory_state_check CHECK (directory_state IN ('hidden', 'coming_soon', 'open', 'closed'));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

-- The lease. The tenant's legal name and 사업자등록번호 are the entity's; the representative and contacts are
-- personal data, kept for the lease and five years after it ends (src/server/privacy/personal-data.ts), then NULL/
-- empty with `personal_destroyed_at` set. `terms` are the terms as signed (a draft's as they stand), `current_terms`
-- after the amendments. commencement_on, expires_on, terminates_on and ends_on follow from the terms and amendments
-- (src/shared/leases/schedule.ts) and are stored for the daily job, the lists and the reports. `status` is written by
-- signing and by the daily job from the dates (src/shared/leases/dates.ts), never by a person.
CREATE TABLE IF NOT EXISTS leases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inquiry_id uuid NOT NULL REFERENCES inquiries (id),
  proposal_id uuid UNIQUE,
  renewal_of uuid REFERENCES leases (id),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'signed', 'fitout', 'active', 'expiring', 'ended')),
  override_reason text,
  legal_name text NOT NULL DEFAULT '',
  business_number text NOT NULL DEFAULT '',
  representative text,
  contacts jsonb NOT NULL DEFAULT '[]'::jsonb,
  brand_id uuid REFERENCES brands (id) ON DELETE SET NULL,
  new_brand jsonb,
  unit_ids uuid[] NOT NULL DEFAULT '{}',
  -- The spaces as they were when last chosen (floor, number, areas): a lease outlives a renumbered space.
  units jsonb NOT NULL DEFAULT '[]'::jsonb,
  contract_area_m2 double precision NOT NULL DEFAULT 0,
  exclusive_area_m2 double precision NOT NULL DEFAULT 0,
  contract_on date NOT NULL,
  handover_on date NOT NULL,
  opening_on date,
  commencement_on date NOT NULL,
  rent_start_on date,
  expires_on date NOT NULL,
  terminates_on date,
  ends_on date NOT NULL,
  -- The schedule's first term month's rent and its last month's, kept with it for the reports (decision 056).
  first_rent_krw bigint NOT NULL DEFAULT 0,
  last_rent_krw bigint NOT NULL DEFAULT 0,
  terms jsonb NOT NULL,
  current_terms jsonb NOT NULL,
  deposit_schedule jsonb NOT NULL DEFAULT '[]'::jsonb,
  signed_on date,
  signed_at timestamptz,
  signed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  document_path text,
  agent_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The daily job's "once": the expiring mail queued, the spaces made available after the end.
  expiring_notified_at timestamptz,
  spaces_released_at timestamptz,
  personal_destroyed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (handover_on >= contract_on OR status = 'draft')
);
CREATE INDEX IF NOT EXISTS leases_inquiry_idx ON leases (inquiry_id);
CREATE INDEX IF NOT EXISTS leases_status_idx ON leases (status, ends_on);
CREATE INDEX IF NOT EXISTS leases_units_idx ON leases USING gin (unit_ids);
CREATE INDEX IF NOT EXISTS leases_brand_idx ON leases (brand_id) WHERE brand_id IS NOT NULL;
-- One draft per inquiry at a time (a second "open lease" click finds the first).
CREATE UNIQUE INDEX IF NOT EXISTS leases_one_draft_idx ON leases (inquiry_id) WHERE status = 'draft';
-- A renewal is negotiated as a proposal that names the lease it renews (issue 40): it holds no space (that lease
-- governs them), and the lease opened from it continues the chain the Act's 10 years are counted from.
ALTER TABLE proposals ADD COLUMN IF NOT EXISTS renewal_of uuid REFERENCES leases (id) ON DELETE SET NULL;

-- A lease's amendments in the order made: what changed, the values it replaced, why, by whom. Never updated.
CREATE TABLE IF NOT EXISTS lease_amendments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lease_id uuid NOT NULL REFERENCES leases (id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 1),
  effective_on date NOT NULL,
  changes jsonb NOT NULL,
  before jsonb NOT NULL DEFAULT '{}'::jsonb,
  reason text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lease_id, number)
);

-- The rent schedule as generated from the terms and amendments (src/shared/deals/amendments.ts), written again with
-- every change of them: the reports (rent roll, expiries) and the schedule's CSV read these rows. Never typed.
CREATE TABLE IF NOT EXISTS lease_schedule_months (
  lease_id uuid NOT NULL REFERENCES leases (id) ON DELETE CASCADE,
  month integer NOT NULL,
  phase text NOT NULL CHECK (phase IN ('fitout', 'term')),
  period_start date NOT NULL,
  period_end date NOT NULL,
  lease_year integer NOT NULL,
  step integer NOT NULL,
  rent_krw bigint NOT NULL,
  free_rent boolean NOT NULL,
  rent_due_krw bigint NOT NULL,
  maintenance_krw bigint NOT NULL,
  amendment integer NOT NULL DEFAULT 0,
  partial boolean NOT NULL DEFAULT false,
  PRIMARY KEY (lease_id, month)
);
-- A lease's month of a day is one probe: its last month starting on or before the day (the reports, decision 056).
DROP INDEX IF EXISTS lease_schedule_months_period_idx;
CREATE INDEX IF NOT EXISTS lease_schedule_months_day_idx ON lease_schedule_months (lease_id, period_start);

-- The lost-update counter (decision 033): +1 on what a person changed. Status and the job's stamps follow the dates,
-- so a lease read yesterday can still be edited today.
DROP TRIGGER IF EXISTS leases_row_version ON leases;
CREATE TRIGGER leases_row_version BEFORE UPDATE ON leases
  FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at', 'created_at', 'status', 'expiring_notified_at', 'spaces_released_at');
-- The activity log. The representative and contacts are recorded as "changed" (audit_row_change), never their
-- values: the log outlives the five years the lease keeps them. The stored derived copies are left out.
DROP TRIGGER IF EXISTS leases_audit ON leases;
CREATE TRIGGER leases_audit AFTER INSERT OR UPDATE OR DELETE ON leases
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('lease', 'updated_at', 'created_at', 'current_terms', 'units', 'ends_on', 'commencement_on', 'rent_start_on', 'expires_on', 'first_rent_krw', 'last_rent_krw', 'contract_area_m2', 'exclusive_area_m2', 'expiring_notified_at', 'spaces_released_at');
DROP TRIGGER IF EXISTS lease_amendments_audit ON lease_amendments;
CREATE TRIGGER lease_amendments_audit AFTER INSERT ON lease_amendments
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('lease_amendment', 'created_at', 'before');
-- Reports cache per version of what they read: a lease write refreshes the rent roll and the expiries at once.
INSERT INTO data_versions (name) VALUES ('leases') ON CONFLICT (name) DO NOTHING;
CREATE OR REPLACE FUNCTION bump_leases_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'leases';
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS leases_version_bump ON leases;
CREATE TRIGGER leases_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_leases_version();

-- Never two signed leases holding one space on a common day, whatever writes them (decision 056): the spaces' rows
-- are locked first, in id order, so two signings of one space run one after the other and the second sees the
-- first. Possession runs from handover to the last day (a renewal signed during the lease before does not collide).
CREATE OR REPLACE FUNCTION leases_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'draft' THEN RETURN NEW; END IF;
  PERFORM 1 FROM units WHERE id = ANY (NEW.unit_ids) ORDER BY id FOR NO KEY UPDATE;
  IF EXISTS (
    SELECT 1 FROM leases l
    WHERE l.id <> NEW.id AND l.status <> 'draft' AND l.unit_ids && NEW.unit_ids
      AND l.handover_on <= NEW.ends_on AND NEW.handover_on <= l.ends_on
  ) THEN
    RAISE EXCEPTION 'lease_overlap: another signed lease holds a space then' USING ERRCODE = 'exclusion_violation';
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS leases_no_overlap ON leases;
CREATE TRIGGER leases_no_overlap BEFORE INSERT OR UPDATE OF status, unit_ids, handover_on, ends_on ON leases
  FOR EACH ROW EXECUTE FUNCTION leases_no_overlap();
-- A correction of the prospect's own fields (by staff, or on a privacy request): which fields, never their values
-- (those are in the activity log, destroyed with the inquiry's data).
ALTER TABLE inquiry_history ADD COLUMN IF NOT EXISTS corrected text[];
