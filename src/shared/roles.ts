/**
 * The leasing team's roles and what each may do: the one place the server's guard (requireAccess in
 * src/server/auth/access.ts) and the admin panel (which only hides what a role may not use) read.
 *
 * - owner: everything, plus the team (invite, change role, deactivate), the activity log and settings;
 * - agent: inquiries (status, notes, assignment, CSV export, attachments), units, brands, uploads;
 * - viewer: reads the inbox, units and brands; no writes, no CSV export, no attachment links.
 */
export const ROLES = ['owner', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Higher includes lower: an owner may do all an agent may, an agent all a viewer may. */
const RANK: Record<Role, number> = { viewer: 1, agent: 2, owner: 3 };

/**
 * Every action an admin route performs → the least role that may perform it. A route names its action
 * (`requireAccess(req, 'brands.write')`); the role matrix test (tests/api/role-matrix.test.ts) sends every
 * admin route as each role and checks the answer against this table.
 */
export const ACCESS = {
  /** The inbox list, counts, stats and one inquiry's detail. */
  'inquiries.read': 'viewer',
  /** Status, notes, lost reason, assignment and next step of an inquiry. */
  'inquiries.write': 'agent',
  /** Reading a visitor's name, phone, e-mail, company, message and files unmasked (a viewer's are masked). */
  'inquiries.personal': 'agent',
  'inquiries.export': 'agent',
  /** Signing a link to an inquiry's attachment (personal documents). */
  'inquiries.attachments': 'agent',
  /** Units with every price (the public list shows published prices only). */
  'units.read': 'viewer',
  'units.write': 'agent',
  /** Every brand with a bearer, hidden and closed ones too (visitors' list shows coming-soon and open ones). */
  'brands.read': 'viewer',
  'brands.write': 'agent',
  /** Starting a thumbnail or plan upload and making it public. */
  'uploads.write': 'agent',
  /** Tours (issue 26): the agenda, an inquiry's tours, one tour. */
  'tours.read': 'viewer',
  /** Booking, rescheduling, cancelling a tour and recording its outcome. */
  'tours.write': 'agent',
  /** Proposals (issue 39): an inquiry's versions, one proposal, its PDF, the approvals list (viewers: masked). */
  'proposals.read': 'viewer',
  /** Drafting, editing, submitting for approval, sending and withdrawing a proposal. */
  'proposals.write': 'agent',
  /** Approving, rejecting or asking for changes to a proposal someone else submitted. */
  'proposals.approve': 'owner',
  /** Who can be assigned an inquiry (names only). */
  'team.directory': 'viewer',
  /** Users, roles, deactivation and invitations. */
  'team.manage': 'owner',
  'audit.read': 'owner',
  /** Marking the monthly access review done. */
  'audit.review': 'owner',
  'settings.manage': 'owner',
  /** The reports tab's team totals: funnel, sources, speed, spaces (issue 27, decision 031). */
  'reports.read': 'viewer',
  /** The reports' per-person figures: the team report and speed by person. */
  'reports.people': 'agent',
  /** Visitors' privacy requests and destroying an inquiry's personal data now (issue 24). */
  'privacy.manage': 'owner',
  /** Leases (issue 40): the list, one lease, its schedule (a viewer's with the tenant's people masked). */
  'leases.read': 'viewer',
  /** Opening a lease from an accepted proposal, editing a draft, a signed lease's contacts. */
  'leases.write': 'agent',
  /** Signing and amending a lease, opening one without an accepted proposal (with a reason). */
  'leases.sign': 'owner',
  /** A link to a lease's signed PDF (it names and signs people). */
  'leases.documents': 'agent',
  /** My own account: profile, password, sessions, passkeys. */
  'account.self': 'viewer',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof ACCESS;

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/**
 * Whether `role` may perform `permission`.
 * @example can('viewer', 'inquiries.export') // false
 */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? RANK[role] >= RANK[ACCESS[permission]] : false;
}

/** Roles an inquiry can be assigned to: the people who work inquiries. */
export const ASSIGNABLE_ROLES: readonly Role[] = ['owner', 'agent'];

/** The bootstrap owner whose password is ADMIN_PASSWORD; an empty username at sign-in means this account. */
export const BOOTSTRAP_USERNAME = 'admin';
