import { leaseEndsOn, type LeaseDateFacts } from './dates.ts';

/**
 * A brand's place in the public directory (/brands, its page, the home): hidden (not announced: the default a
 * signing gives, and where medical or office tenants may stay for good) → coming_soon ("2027년 3월 오픈 예정",
 * with floor and space) → open (on the opening date) → closed (its lease ended: gone from the directory).
 * Brands registered before leases existed are open.
 */
export const DIRECTORY_STATES = ['hidden', 'coming_soon', 'open', 'closed'] as const;
export type DirectoryState = (typeof DIRECTORY_STATES)[number];

/** What visitors see: coming soon and open brands. */
export const PUBLIC_DIRECTORY_STATES = ['coming_soon', 'open'] as const satisfies readonly DirectoryState[];

export function isPublicDirectoryState(state: string): boolean {
  return (PUBLIC_DIRECTORY_STATES as readonly string[]).includes(state);
}

/**
 * The states a person may choose while a lease governs the brand: whether to announce it. Open and closed come
 * from the dates (the opening date, the lease's end); a brand no lease governs may be set to any state.
 */
export const CHOSEN_DIRECTORY_STATES = ['hidden', 'coming_soon'] as const satisfies readonly DirectoryState[];

export interface DirectoryFacts {
  state: DirectoryState;
  openingOn: string | null;
  /** The brand's signed leases (none for a brand registered by hand). */
  leases: Pick<LeaseDateFacts, 'expiresOn' | 'terminatesOn'>[];
}

/**
 * The brand's directory state on `today`: closed once every lease of it has ended; a coming-soon brand opens on
 * its opening date; otherwise as it is (hidden stays hidden: announcing is the tenant's choice).
 * @example directoryStateOn({ state: 'coming_soon', openingOn: '2027-03-15', leases: [lease] }, '2027-03-15') // 'open'
 */
export function directoryStateOn(brand: DirectoryFacts, today: string): DirectoryState {
  if (brand.leases.length > 0 && brand.leases.every((lease) => today > leaseEndsOn(lease))) return 'closed';
  if (brand.state === 'coming_soon' && brand.openingOn !== null && brand.openingOn <= today) return 'open';
  return brand.state;
}

/** PATCH /api/brands/{id}: where the brand stands in the directory and when it opens. */
export interface BrandDirectoryPatch {
  directoryState?: DirectoryState;
  openingOn?: string | null;
}

/** A brand the directory can show has what its card and page need: a description, a thumbnail, a phone and an e-mail. */
export function announceable(brand: { description: string | null; thumbnail: string | null; contactInfo: { phone?: string; email?: string } }): boolean {
  return Boolean(brand.description?.trim() && brand.thumbnail && brand.contactInfo.phone && brand.contactInfo.email);
}
