import type { Brand } from '../../src/shared/brand.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import type { Api } from './api.ts';
import type { Mailbox } from './mailbox.ts';

/** What the demo's business holds after a run, and how much of it this run made. */
export interface BusinessCounts {
  inquiries: number;
  tours: number;
  proposals: number;
  leases: number;
}

/** What every step of the demo's business seeding works with: the API as each person, the building, the mailbox. */
export interface DemoContext {
  api: Api;
  origin: string;
  /** The day the demo is seeded (Seoul): every date of its deals and leases is counted from it. */
  today: string;
  /** Bearer tokens: the owner (`admin`) and the agent 김민준 (`agent`), each doing what their role does. */
  owner: string;
  agent: string;
  agentId: string;
  /** The collection notice version the contact form shows now (every inquiry acknowledges it). */
  noticeVersion: string;
  /** The user agent the demo's visitors and prospects browse with (kept as an answer's evidence). */
  browser: string;
  /** A space of the building by `${floor} ${unitNumber}`. */
  unit(space: string): Unit;
  /** A brand by name (the team's list: hidden ones too), as it is now. */
  brand(name: string): Promise<Brand & { version: number }>;
  /** The prospects' mails (null with SMTP_URL: they go to that server, and the prospects' answers are left out). */
  mailbox: Mailbox | null;
  /** Counts what this run made. */
  created(kind: keyof BusinessCounts): void;
}
