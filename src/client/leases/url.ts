/**
 * The lease open on the leases tab lives in the page URL (`?tab=leases&lease=<id>`): a reload, or the link the
 * expiring mail carries (`/admin?lease=<id>`), opens the same lease.
 */
const KEY = 'lease';

/** The lease the URL names, if any. */
export function leaseInUrl(): string | null {
  if (typeof window === 'undefined') return null;
  const id = new URLSearchParams(window.location.search).get(KEY);
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** Writes the open lease (or none) into the URL without a new history entry. */
export function writeLeaseToUrl(id: string | null): void {
  const params = new URLSearchParams(window.location.search);
  if (id) params.set(KEY, id);
  else params.delete(KEY);
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}
