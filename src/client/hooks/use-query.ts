import { useCallback, useEffect, useState } from 'react';
import { apiRead, readUrl, type ReadKey } from '../api.ts';

export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Reads again now, e.g. after a write (spec §7: the list is refetched). */
  refetch: () => void;
}

/**
 * Reads a key once per change of key, nothing else: no retries, no refetch on focus, no polling
 * (spec §9). A `null` key reads nothing (e.g. before login). Answers for an older key are dropped.
 */
export function useQuery<T>(key: ReadKey | null): QueryState<T> {
  const url = key ? readUrl(key) : null;
  const [state, setState] = useState<{ url: string | null; data?: T; error?: Error }>({ url: null });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    apiRead<T>([url], controller.signal).then(
      (data) => setState({ url, data }),
      (error: Error) => {
        if (!controller.signal.aborted) setState({ url, error });
      },
    );
    return () => controller.abort();
  }, [url, version]);

  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const current = state.url === url;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: url !== null && !current,
    refetch,
  };
}
