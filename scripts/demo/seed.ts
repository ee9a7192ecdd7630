import type { Brand } from '../../src/shared/brand.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { apiOf, uploadObject } from './api.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, DEMO_BRANDS, DEMO_UNITS } from './seed-data.ts';
import { drawPlan, drawThumbnail } from './draw.ts';

export interface SeedResult {
  /** Brands and units in the demo building. */
  brands: number;
  units: number;
  /** How many of them this run created (the rest were there from an earlier, perhaps interrupted, run). */
  created: number;
}

/**
 * Seeds a running server through its public HTTP API, exactly as the admin panel would: sign in, upload
 * images, publish them, create brands and units. Nothing is written to the database directly, so the
 * demo data passes the same rules as real data. It creates only what is missing (a brand by name, a unit
 * by floor and number), so a run stopped half-way (Ctrl-C while seeding) is completed by the next one.
 */
export async function seedDemo(origin: string, password: string): Promise<SeedResult> {
  const api = apiOf(origin);
  const { token } = await api<{ token: string }>('POST', '/api/admin/login', { password });

  const upload = (purpose: 'thumbnail' | 'plan', filename: string, type: string, bytes: Uint8Array) => uploadObject(origin, token, { purpose, filename, type, bytes, public: true });

  // What an earlier run already made: every brand, hidden ones too (the team's list). A thumbnail uploaded for a
  // brand that was never created is left to the hourly sweep (nothing refers to it).
  const brandNames = new Set((await api<Brand[]>('GET', '/api/brands?audience=team', undefined, token)).map((brand) => brand.name));
  const unitKey = (unit: { floor: string; unitNumber: string }) => `${unit.floor} ${unit.unitNumber.toLowerCase()}`;
  const unitKeys = new Set((await api<Unit[]>('GET', '/api/units', undefined, token)).map(unitKey));
  let created = 0;

  for (const [index, brand] of DEMO_BRANDS.entries()) {
    if (brandNames.has(brand.name)) continue;
    const format = index % 2 === 0 ? 'webp' : 'png';
    const thumbnail = await upload('thumbnail', `${brand.initials}.${format}`, `image/${format}`, await drawThumbnail(brand.initials, brand.colour, format));
    const { colour: _colour, initials: _initials, areaM2: _areaM2, ...fields } = brand;
    await api('POST', '/api/brands', {
      ...fields,
      thumbnail,
      images: [],
      contactInfo: { phone: `02-555-${String(1000 + index)}`, email: `hello${index + 1}@btower-demo.example`, website: '' },
    }, token);
    created += 1;
  }
  for (const unit of DEMO_UNITS) {
    if (unitKeys.has(unitKey(unit))) continue;
    const { plan: drawn, ...fields } = unit;
    const plan = drawn ? await upload('plan', `plan-${unit.unitNumber}.png`, 'image/png', await drawPlan(unit.unitNumber, unit.exclusiveAreaM2)) : null;
    await api('POST', '/api/units', { ...fields, plan }, token);
    created += 1;
  }
  return { brands: DEMO_BRANDS.length, units: DEMO_UNITS.length, created };
}

/**
 * The demo's team (DEMO_ACCOUNTS), made by the owner through the API as the team tab would, with `password` (the
 * demo's admin password, so one password opens every demo account); the owner gets an address, so the mails an
 * owner receives reach the mailbox too. Only what is missing is made. Returns the usernames of every demo account.
 */
export async function seedDemoAccounts(origin: string, password: string): Promise<string[]> {
  const api = apiOf(origin);
  const { token } = await api<{ token: string }>('POST', '/api/admin/login', { password });
  const me = await api<{ email: string | null }>('GET', '/api/admin/me', undefined, token);
  if (!me.email) await api('PATCH', '/api/admin/me', { email: DEMO_ADMIN_EMAIL }, token);
  const existing = new Set((await api<{ username: string }[]>('GET', '/api/admin/users', undefined, token)).map((user) => user.username));
  for (const account of DEMO_ACCOUNTS) {
    if (!existing.has(account.username)) await api('POST', '/api/admin/users', { ...account, password }, token);
  }
  return ['admin', ...DEMO_ACCOUNTS.map((account) => account.username)];
}
