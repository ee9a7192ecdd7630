/**
 * The dictionary keys the home's tenants strip (HomeTenants, BrandCard) reads: its island's props carry these
 * and no more (they are part of the home's HTML, issue 30). The section's own heading is rendered by Astro.
 */
export const HOME_TENANTS_MESSAGES = [
  'tenants.loading',
  'tenants.loadFailed',
  'tenants.viewAll',
  'tenants.invitation',
  'brands.card',
  'brands.category',
  'brands.floor',
  'units.floor',
  'units.space',
  'status.open',
  'status.comingSoon',
  'status.comingSoonOn',
] as const;
