import type { BrandCategory } from '../../src/shared/brand.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import type { DemoContext } from './context.ts';

/**
 * A person who wrote to the building through /contact: a tenant long ago, or a prospect the team is working now.
 * Their inquiry is what everything else hangs on (tours, proposals, the lease).
 */
export interface DemoVisitor {
  name: string;
  /** Unique among the demo's visitors: the seeder finds their inquiry by it. */
  email: string;
  phone: string;
  company: string;
  businessType: BrandCategory;
  message: string;
  locale: Locale;
  /** The space asked about (`${floor} ${unitNumber}` of DEMO_UNITS), or null (floors only: a leased space is not asked about). */
  space: string | null;
  desiredFloors: string[];
  desiredAreaM2?: { min: number | null; max: number | null };
  preferredContact?: 'phone' | 'email';
  /** Where they came from (the form sends the visit's path, referrer and campaign tags). */
  source?: { path: string; referrer: string | null; utm?: Record<string, string> };
  /**
   * The visitor's own client address (a documentation address, RFC 5737): each visitor is a client of their own, so
   * the per-client inquiry limits count them apart, as they would count real visitors.
   */
  clientAddress: string;
}

/**
 * The visitor's inquiry: found by their address (an earlier run may have sent it, even one stopped before it read
 * the answer), else sent as the contact form sends it.
 */
export async function ensureInquiry(ctx: DemoContext, visitor: DemoVisitor): Promise<Inquiry> {
  const found = await ctx.api<Inquiry[]>('GET', `/api/inquiries?search=${encodeURIComponent(visitor.email)}&limit=200`, undefined, ctx.owner);
  const mine = found.find((inquiry) => inquiry.email?.toLowerCase() === visitor.email.toLowerCase());
  if (mine) return mine;
  const unitId = visitor.space ? ctx.unit(visitor.space).id : null;
  const receipt = await ctx.api<{ id: string }>('POST', '/api/inquiries', {
    name: visitor.name,
    email: visitor.email,
    phone: visitor.phone,
    message: visitor.message,
    company: visitor.company,
    businessType: visitor.businessType,
    desiredFloors: visitor.desiredFloors,
    desiredAreaM2: visitor.desiredAreaM2 ?? null,
    preferredContact: visitor.preferredContact ?? null,
    source: visitor.source ?? { path: visitor.space ? `/contact?unit=${visitor.space.replace(' ', '-')}` : '/contact', referrer: null, utm: {} },
    locale: visitor.locale,
    unitId,
    attachments: [],
    privacyNoticeVersion: ctx.noticeVersion,
    marketingConsent: false,
  }, { clientAddress: visitor.clientAddress, userAgent: ctx.browser });
  ctx.created('inquiries');
  return ctx.api<Inquiry>('GET', `/api/inquiries/${receipt.id}`, undefined, ctx.owner);
}
