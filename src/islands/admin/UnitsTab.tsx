import { useEffect, useState } from 'react';
import { UPLOAD_ENDPOINTS } from '~/shared/upload-protocol';
import { inputFromUnit, type Unit, type UnitInput, type UnitStatus } from '~/shared/unit';
import type { Translate } from '~/i18n/translate';
import { ApiError, apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/use-query';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { useStore } from '@nanostores/react';
import { can } from '~/shared/roles';
import { errorsFromServer, type UnitFormErrors } from '~/client/unit-form-model';
import UnitForm from './UnitForm';
import UnitTable from './UnitTable';

/** Add, edit, re-status and delete spaces (with undo); the list is read again after every write. */
export default function UnitsTab({ t }: { t: Translate }) {
  const { data, error, refetch } = useQuery<Unit[]>(['/api/units']);
  const role = useStore($me)?.role;
  const [editing, setEditing] = useState<Unit | null>(null);
  const [serverErrors, setServerErrors] = useState<UnitFormErrors>({});
  // A new form (and so a fresh upload dialog) after every save: the next unit starts from nothing.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);

  /** Runs a write; on failure shows `failedKey` (and the field errors) and resolves false. */
  async function write(run: () => Promise<unknown>, doneKey: string, failedKey: string, form = false): Promise<boolean> {
    try {
      await run();
      showToast({ title: t(doneKey) });
      return true;
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) {
        if (form && err instanceof ApiError && err.fields) setServerErrors(errorsFromServer(err.fields));
        showToast({ title: t(failedKey), description: form ? t('units.admin.toast.failedDescription') : undefined, variant: 'destructive' });
      }
      return false;
    } finally {
      refetch();
    }
  }

  async function save(input: UnitInput): Promise<boolean> {
    const target = editing;
    const saved = await write(
      () => (target ? apiWrite('PUT', `/api/units/${target.id}`, input) : apiWrite('POST', '/api/units', input)),
      target ? 'units.admin.toast.updated' : 'units.admin.toast.created',
      target ? 'units.admin.toast.updateFailed' : 'units.admin.toast.createFailed',
      true,
    );
    if (saved) {
      setEditing(null);
      setGeneration((n) => n + 1);
      setServerErrors({});
    }
    return saved;
  }

  function changeStatus(unit: Unit, status: UnitStatus) {
    void write(() => apiWrite('PUT', `/api/units/${unit.id}`, { ...inputFromUnit(unit), status }), 'units.admin.toast.statusChanged', 'units.admin.toast.statusFailed');
  }

  async function remove(unit: Unit) {
    try {
      await apiWrite('DELETE', `/api/units/${unit.id}`);
      if (editing?.id === unit.id) setEditing(null);
      // Delete is immediate; the toast offers the way back (the plan outlives the row until the sweep's grace period).
      showToast({ title: t('units.admin.toast.deleted'), action: { label: t('units.admin.toast.undo'), run: () => restore(unit), takeFocus: true } });
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) showToast({ title: t('units.admin.toast.deleteFailed'), variant: 'destructive' });
    } finally {
      refetch();
    }
  }

  function restore(unit: Unit) {
    void write(async () => {
      if (unit.plan) await apiWrite('POST', UPLOAD_ENDPOINTS.setPublic, { objectPath: unit.plan });
      await apiWrite('POST', `/api/units/${unit.id}/restore`);
    }, 'units.admin.toast.restored', 'units.admin.toast.restoreFailed');
  }

  const mayWrite = can(role, 'units.write');
  return (
    <div className="grid min-w-0 grid-cols-1 gap-10">
      {mayWrite && <UnitForm key={`${editing?.id ?? 'new'}-${generation}`} unit={editing} serverErrors={serverErrors} onSave={save} onCancel={() => setEditing(null)} t={t} />}
      <section aria-labelledby="unit-list-title" className="min-w-0">
        <h2 id="unit-list-title" className="text-xl font-bold text-ink">{t('units.admin.listTitle')}</h2>
        {error && <p role="alert" className="mt-4 text-danger">{t('units.admin.loadFailed')}</p>}
        {!data && !error && <p className="mt-4 text-muted">{t('units.admin.loading')}</p>}
        {data && <UnitTable units={data} onEdit={setEditing} onDelete={(u) => void remove(u)} onStatus={changeStatus} readOnly={!mayWrite} t={t} />}
      </section>
    </div>
  );
}
