import type { Brand } from '../../src/shared/brand.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { apiOf } from './api.ts';
import type { BusinessCounts, DemoContext } from './context.ts';
import { DEMO_DEALS } from './deals-data.ts';
import type { Mailbox } from './mailbox.ts';
import { seedDeal } from './seed-deals.ts';
import { seedTenant } from './seed-leases.ts';
import { DEMO_TENANTS } from './tenants-data.ts';

export interface BusinessResult {
  tenants: number;
  prospects: number;
  /** What this run made (the rest was there from an earlier, perhaps interrupted, run). */
  created: BusinessCounts;
  /** Steps left out, and why (the prospects' answers without the demo's mailbox). */
  skipped: string[];
}

/**
 * The building in business, seeded through the running server's API after the building itself (seed.ts) and the
 * team's accounts: the tenants' signed leases (tenants-data.ts), then the pipeline (deals-data.ts). Every person acts
 * with their own session — the owner `admin`, the agent `agent`, each prospect through the link and code in their
 * mail — so every record passes the rules real ones do and the activity log names who did what.
 */
export async function seedDemoBusiness(origin: string, password: string, mailbox: Mailbox | null): Promise<BusinessResult> {
  const api = apiOf(origin);
  const { token: owner } = await api<{ token: string }>('POST', '/api/admin/login', { password });
  const { token: agent } = await api<{ token: string }>('POST', '/api/admin/login', { username: 'agent', password });
  const agentId = (await api<{ id: string; username: string }[]>('GET', '/api/admin/users', undefined, owner)).find((user) => user.username === 'agent')!.id;
  const { version: noticeVersion } = await api<{ version: string }>('GET', '/api/privacy/notice');
  const units = new Map((await api<Unit[]>('GET', '/api/units', undefined, owner)).map((unit) => [`${unit.floor} ${unit.unitNumber}`, unit]));
  const created: BusinessCounts = { inquiries: 0, tours: 0, proposals: 0, leases: 0 };
  const ctx: DemoContext = {
    api,
    origin,
    today: koreanDay(new Date()),
    owner,
    agent,
    agentId,
    noticeVersion,
    browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36 (B TOWER demo)',
    unit(space) {
      const unit = units.get(space);
      if (!unit) throw new Error(`the demo building has no space ${space}`);
      return unit;
    },
    async brand(name) {
      const brand = (await api<(Brand & { version: number })[]>('GET', '/api/brands?audience=team', undefined, owner)).find((one) => one.name === name);
      if (!brand) throw new Error(`the demo building has no brand ${name}`);
      return brand;
    },
    mailbox,
    created: (kind) => void created[kind]++,
  };
  for (const tenant of DEMO_TENANTS) await seedTenant(ctx, tenant);
  const skipped: string[] = [];
  for (const deal of DEMO_DEALS) {
    const outcome = await seedDeal(ctx, deal);
    if (outcome.skipped) skipped.push(outcome.skipped);
  }
  return { tenants: DEMO_TENANTS.length, prospects: DEMO_DEALS.length, created, skipped };
}
