import { useCallback, useEffect, useState } from 'react';
import { INQUIRY_FILTER_KEYS } from '../../shared/inquiry.ts';
import type { InboxFilters } from './api.ts';

export interface InboxLocation {
  filters: InboxFilters;
  /** The inquiry open in the detail view. */
  inquiry: string | null;
}

/** The inbox's filters and open inquiry as the page URL names them. */
export function readInboxLocation(): InboxLocation {
  const params = new URLSearchParams(window.location.search);
  const filters: InboxFilters = {};
  for (const key of INQUIRY_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return { filters, inquiry: params.get('inquiry') };
}

/**
 * The inbox's filters, search and open inquiry live in the page URL: a reload, a shared link or the
 * back button shows the same view. Each change is a history entry.
 */
export function useInboxLocation(): [InboxLocation, (next: InboxLocation) => void] {
  const [location, setLocation] = useState<InboxLocation>(readInboxLocation);
  useEffect(() => {
    const onPop = () => setLocation(readInboxLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((next: InboxLocation) => {
    const params = new URLSearchParams();
    for (const key of INQUIRY_FILTER_KEYS) if (next.filters[key]) params.set(key, next.filters[key]!);
    if (next.inquiry) params.set('inquiry', next.inquiry);
    const search = params.toString();
    window.history.pushState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    setLocation(next);
  }, []);
  return [location, navigate];
}
