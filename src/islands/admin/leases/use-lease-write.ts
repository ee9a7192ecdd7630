import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveVersioned } from '~/client/conflict';
import { showToast } from '~/client/stores';
import type { LeaseRecord } from '~/client/leases/api';
import { LEASE_VERSIONED_FIELDS, leaseFields, type LeaseFields } from '~/client/leases/draft-model';
import { useConflictDialog } from '../ConflictDialog';
import { leaseValueFormat } from './lease-words';

/**
 * The dictionary key of an error code's words: `lease_signed` → `leases.errors.leaseSigned`, `unit_leased` →
 * `leases.errors.unitLeased` (the server's codes, docs/api/leases.md).
 */
export const leaseCodeKey = (code: string) => `leases.errors.${code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;

/** What a refused write says: the first field's message, else the code's words, else a general failure. */
export function leaseRefusal(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('leasePanel.errors.generic');
  const field = Object.values(error.fields ?? {})[0];
  if (field && t(field) !== field) return t(field);
  const key = error.code ? leaseCodeKey(error.code) : '';
  return key && t(key) !== key ? t(key) : t('leasePanel.errors.generic');
}

/** A 400's messages by field, as the API names them (`businessNumber`, `dates.handoverOn`); null for any other refusal. */
export function fieldsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  return Object.fromEntries(Object.entries(error.fields).map(([path, key]) => [path.replace(/^terms\./, '').replace(/^tenant\./, ''), key]));
}

/**
 * Writes to one lease on the version the screen showed (decision 033): when someone changed it since, the conflict
 * dialog shows what they changed and the person goes ahead on the stored version, takes theirs (the screen is read
 * again), or stops. A refusal is said in a toast in the panel's words, unless the form already shows it at a field.
 */
export function useLeaseWrite(lease: LeaseRecord, lang: string, t: Translate, onDone: (saved: LeaseRecord | null) => void) {
  const { ask, dialog } = useConflictDialog(t, 'lease', leaseValueFormat(t, lang, lease));

  async function write(
    change: Partial<LeaseFields>,
    send: (value: LeaseFields, version: number, from: LeaseFields) => Promise<LeaseRecord>,
    done: (saved: LeaseRecord) => string,
    shown: (error: unknown) => boolean = () => false,
  ): Promise<LeaseRecord | null> {
    const base = leaseFields(lease);
    try {
      const outcome = await saveVersioned({
        base,
        mine: { ...base, ...change },
        version: lease.version,
        fields: LEASE_VERSIONED_FIELDS,
        project: (stored) => leaseFields(stored as unknown as LeaseRecord),
        send: (value, version, from) => send(value, version ?? lease.version, from),
        ask,
      });
      if (outcome.kind === 'cancelled') return null;
      if (outcome.kind === 'took') {
        showToast({ title: t('conflict.took') });
        onDone(outcome.current as unknown as LeaseRecord);
        return null;
      }
      showToast({ title: done(outcome.result) });
      onDone(outcome.result);
      return outcome.result;
    } catch (error) {
      if (!endSessionIfUnauthorized(error) && !shown(error)) {
        showToast({ title: t('leasePanel.toast.failed'), description: leaseRefusal(error, t), variant: 'destructive' });
        // A refusal about the lease's state (signed meanwhile, ended): show it as it is now.
        if (error instanceof ApiError && error.status === 409) onDone(null);
      }
      return null;
    }
  }
  return { write, dialog };
}
