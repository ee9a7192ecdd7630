import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { leaseRefusal } from './refusal';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveVersioned } from '~/client/conflict';
import { showToast } from '~/client/stores';
import type { LeaseRecord } from '~/client/leases/api';
import { LEASE_VERSIONED_FIELDS, leaseFields, type LeaseFields } from '~/client/leases/draft-model';
import { useConflictDialog } from '../ConflictDialog';
import { leaseValueFormat } from './lease-words';

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
