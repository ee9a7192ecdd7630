import * as v from 'valibot';
import { koreanDay } from '../../shared/business-hours.ts';
import { LeaseAmendmentSchema, LeaseCreateSchema, LeaseFilterSchema, LeasePatchSchema, LeaseSignSchema } from '../../shared/leases/lease.ts';
import { scheduleSummary, leaseSchedule } from '../../shared/leases/schedule.ts';
import { can } from '../../shared/roles.ts';
import { requireAccess, type Staff } from '../auth/access.ts';
import { recordEvent } from '../audit/actor.ts';
import { getDb } from '../db/index.ts';
import { CACHE_TAGS, purgeTags } from '../http/cdn-cache.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson } from '../http/json.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { expectedVersion, versionHeaders } from '../http/versions.ts';
import { asLocale } from '../i18n.ts';
import { drainSoon } from '../notify/outbox.ts';
import { requireOwnObjects } from '../objects/refs.ts';
import { signedReadURL } from '../objects/storage.ts';
import { scheduleCsv } from './csv.ts';
import { amendLease, discardLease, openLease, patchLease, signLease, type LeaseEditor } from './queries.ts';
import { leaseHistory } from './history.ts';
import { changesOf, findLease, leaseNotFound, leasesOfInquiry, listLeases } from './records.ts';

/** Leases (issue 40): thin routes, parse → guard → src/server/leases → respond. docs/api/leases.md. */

const today = () => koreanDay(new Date());
const editorOf = (staff: Staff): LeaseEditor => ({ id: staff.id, role: staff.role, actor: staff.actor });
/** Viewers read the tenant's people masked (the same line as an inquiry's contact fields). */
const readsMasked = (staff: Staff) => !can(staff.role, 'inquiries.personal');

function leaseId(context: RouteContext): string {
  const id = uuidParam(context);
  if (!id) throw leaseNotFound();
  return id;
}

/**
 * A lease body parsed by its shared schema. The tenant's fields are named without their prefix, as the issue's
 * contract names them (`fields.businessNumber`, not `tenant.businessNumber`).
 */
function parseLease<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  try {
    return parseInput(schema, body);
  } catch (error) {
    if (error instanceof HttpError && error.fields) {
      // So is a hold release's reason (`fields.reason`, not `releaseHolds.reason`).
      const fields = Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [key.replace(/^tenant\./, '').replace(/^releaseHolds(\.reason)?$/, 'reason'), value]));
      throw new HttpError(error.status, error.code, error.message, { fields });
    }
    throw error;
  }
}

/** Every write that moves spaces or brands on the public site purges what the CDN keeps of them. */
const purgePublic = () => purgeTags([CACHE_TAGS.units, CACHE_TAGS.brands]);

/** POST /api/inquiries/{id}/lease {proposalId?, overrideReason?}: a draft prefilled from the accepted proposal. */
export async function openLeaseRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.write', context);
  const inquiryId = uuidParam(context);
  if (!inquiryId) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  const input = parseLease(LeaseCreateSchema, await readJson(req));
  assertStorableText(input);
  const lease = await openLease(await getDb(), inquiryId, input, editorOf(staff), today());
  return json(lease, { status: 201, headers: versionHeaders(lease) });
}

/** GET /api/inquiries/{id}/lease: the inquiry's leases, newest first (its section in the inquiry's detail). */
export async function inquiryLeasesRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.read', context);
  const inquiryId = uuidParam(context);
  if (!inquiryId) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  return json(await leasesOfInquiry(await getDb(), inquiryId, { today: today(), masked: readsMasked(staff) }));
}

/** GET /api/leases?status=&floor=&expiresBefore=&search=: the leases tab. */
export async function listLeasesRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.read', context);
  const query = Object.fromEntries([...new URL(req.url).searchParams].filter(([, value]) => value !== ''));
  const filter = parseLease(LeaseFilterSchema, query);
  return json(await listLeases(await getDb(), filter, { today: today(), masked: readsMasked(staff) }));
}

/** GET /api/leases/{id}. */
export async function leaseRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.read', context);
  const lease = await findLease(await getDb(), leaseId(context), { today: today(), masked: readsMasked(staff) });
  if (!lease) throw leaseNotFound();
  return json(lease, { headers: versionHeaders(lease) });
}

/** PATCH /api/leases/{id} (If-Match): a draft's fields, or a signed lease's contacts. */
export async function patchLeaseRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.write', context);
  const id = leaseId(context);
  const expected = expectedVersion(req);
  const patch = parseLease(LeasePatchSchema, await readJson(req));
  assertStorableText(patch);
  const lease = await patchLease(await getDb(), id, patch, editorOf(staff), expected, today());
  return json(lease, { headers: versionHeaders(lease) });
}

/** DELETE /api/leases/{id} (If-Match): discards a draft. */
export async function discardLeaseRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.write', context);
  const id = leaseId(context);
  await discardLease(await getDb(), id, editorOf(staff), expectedVersion(req), today());
  return new Response(null, { status: 204 });
}

/** POST /api/leases/{id}/sign {signedOn, documentPath} (If-Match; owners). */
export async function signLeaseRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.sign', context);
  const id = leaseId(context);
  const expected = expectedVersion(req);
  const input = parseLease(LeaseSignSchema, await readJson(req));
  assertStorableText(input);
  await requireOwnObjects([{ field: 'documentPath', path: input.documentPath }], 'lease', 'leases.errors.documentInvalid');
  const db = await getDb();
  const lease = await signLease(db, id, input, editorOf(staff), expected, today());
  drainSoon(db, context);
  await purgePublic();
  return json(lease, { headers: versionHeaders(lease) });
}

/** POST /api/leases/{id}/amendments {effectiveOn, changes, reason} (If-Match; owners). */
export async function amendLeaseRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.sign', context);
  const id = leaseId(context);
  const expected = expectedVersion(req);
  const input = parseLease(LeaseAmendmentSchema, await readJson(req));
  assertStorableText(input);
  const db = await getDb();
  const lease = await amendLease(db, id, input, editorOf(staff), expected, today());
  drainSoon(db, context);
  await purgePublic();
  return json(lease, { status: 201, headers: versionHeaders(lease) });
}

/** GET /api/leases/{id}/schedule[?format=csv&lang=]: the generated schedule, its yearly totals and its sum. */
export async function leaseScheduleRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'leases.read', context);
  const id = leaseId(context);
  const lease = await findLease(await getDb(), id, { today: today(), masked: true });
  if (!lease) throw leaseNotFound();
  const rows = leaseSchedule({ terms: lease.terms, area: lease.area, amendments: changesOf(lease.amendments) });
  const { years, totals } = scheduleSummary(rows);
  const url = new URL(req.url);
  if (url.searchParams.get('format') === 'csv') {
    return new Response(scheduleCsv(rows, years, asLocale(url.searchParams.get('lang'))), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="lease-${id.slice(0, 8)}-schedule.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  }
  return json({ leaseId: id, rows, years, totals });
}

/** GET /api/leases/{id}/history: the lease's entries in the activity log, newest first (history.ts). */
export async function leaseHistoryRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'leases.read', context);
  const id = leaseId(context);
  const db = await getDb();
  const exists = await db.selectFrom('leases').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw leaseNotFound();
  return json(await leaseHistory(db, id));
}

/** POST /api/leases/{id}/document/link: a 5-minute link to the signed PDF, recorded in the activity log. */
export async function leaseDocumentLinkRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'leases.documents', context);
  const id = leaseId(context);
  const db = await getDb();
  const lease = await findLease(db, id, { today: today(), masked: false });
  if (!lease?.document) throw new HttpError(404, 'document_not_found', 'This lease has no signed document');
  await recordEvent(db, staff.actor, { action: 'document.link', entity: 'lease', entityId: id });
  const lang = asLocale(new URL(req.url).searchParams.get('lang'));
  return json({ url: `${await signedReadURL(lease.document.path, LEASE_DOCUMENT_LINK_TTL_SECONDS)}&lang=${lang}` });
}

/** As an attachment's: long enough to open, short enough not to be a standing link. */
const LEASE_DOCUMENT_LINK_TTL_SECONDS = 300;
