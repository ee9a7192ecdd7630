import { useEffect, useState } from 'react';
import { UPLOAD_ENDPOINTS } from '~/shared/upload-protocol';
import { inputFromUnit, UNIT_INPUT_FIELDS, type Unit, type UnitInput, type UnitStatus } from '~/shared/units/unit';
import type { Translate } from '~/i18n/translate';
import { ApiError, apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { useStore } from '@nanostores/react';
import { can } from '~/shared/roles';
import { errorsFromServer, type UnitFormErrors } from '~/client/unit-form-model';
import UnitForm from './UnitForm';
import UnitTable from './UnitTable';
import { useDeletedRows } from '../use-deleted-rows';
import { saveVersioned, type VersionedSave } from '~/client/conflict';
import { useConflictDialog, type FormatValue } from '../ConflictDialog';
import { spaceLabel } from '../space-label';

/** What a toast names: the space's floor (in the admin's language) and number. */
const named = (unit: Pick<Unit, 'floor' | 'unitNumber'>, t: Translate) => ({ space: spaceLabel(unit, t) });

/** A price was typed but stays hidden from visitors: easy to miss on a long form, so the save says it. */
const priceStaysHidden = (input: UnitInput) =>
  !input.pricePublic && input.status !== 'leased' && [input.monthlyRent, input.deposit, input.maintenanceFee].some((price) => price !== null);

/** How the conflict dialog shows a space's values that are codes. */
const formatUnitValue = (t: Translate): FormatValue => (field, value) => {
  if (field === 'status') return t(`units.status.${String(value)}`);
  if (field === 'floor') return t(`units.floor.${String(value)}`);
  if (field === 'uses' && Array.isArray(value)) return value.map((use) => t(`brands.category.${String(use)}`)).join(', ');
  return null;
};

/** Add, edit, re-status and delete spaces (with undo); the list is read again after every write. */
export default function UnitsTab({ t }: { t: Translate }) {
  const { data, error, refetch } = useQuery<Unit[]>(['/api/units']);
  const role = useStore($me)?.role;
  const [editing, setEditing] = useState<Unit | null>(null);
  // True after a row's 수정: the form it opens is brought into view and its heading focused (issue 28).
  const [focusForm, setFocusForm] = useState(false);
  const edit = (unit: Unit) => {
    setEditing(unit);
    setFocusForm(true);
  };
  const [serverErrors, setServerErrors] = useState<UnitFormErrors>({});
  // A new form (and so a fresh upload dialog) after every save: the next unit starts from nothing.
  const [generation, setGeneration] = useState(0);
  const deletedRows = useDeletedRows<Unit>();
  const { ask, dialog } = useConflictDialog(t, 'unit', formatUnitValue(t));
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);

  /**
   * Saves `mine`, edited from `from`, with the version it was read at: a change saved meanwhile opens the
   * conflict dialog instead of being overwritten (decision 033).
   */
  const putVersioned = (from: Unit, mine: UnitInput) =>
    saveVersioned({
      base: inputFromUnit(from),
      mine,
      version: from.version,
      fields: UNIT_INPUT_FIELDS,
      project: (stored) => inputFromUnit(stored as unknown as Unit),
      send: (value, version) => apiWrite<Unit>('PUT', `/api/units/${from.id}`, value, version === undefined ? {} : { version }),
      ask,
    });

  /** After a conflict the person did not resolve by saving: the stored space in the form, or their own text kept. */
  function notSaved(outcome: Exclude<VersionedSave<Unit>, { kind: 'saved' }>, inForm: boolean): false {
    if (outcome.kind === 'took') {
      if (inForm) {
        setEditing(outcome.current as unknown as Unit);
        setGeneration((n) => n + 1);
      }
      showToast({ title: t('conflict.took') });
    }
    return false;
  }

  /** Runs a write; on failure shows `failed` (and the field errors) and resolves false. A run that resolves false saved nothing and says so itself. */
  async function write(run: () => Promise<unknown>, done: Parameters<typeof showToast>[0], failed: string, form = false): Promise<boolean> {
    try {
      if ((await run()) === false) return false;
      showToast(done);
      return true;
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) {
        if (form && err instanceof ApiError && err.fields) setServerErrors(errorsFromServer(err.fields));
        showToast({ title: failed, description: form ? t('units.admin.toast.failedDescription') : undefined, variant: 'destructive' });
      }
      return false;
    } finally {
      refetch();
    }
  }

  async function save(input: UnitInput): Promise<boolean> {
    const target = editing;
    const saved = await write(
      async () => {
        if (!target) return apiWrite('POST', '/api/units', input);
        const outcome = await putVersioned(target, input);
        return outcome.kind === 'saved' ? outcome.result : notSaved(outcome, true);
      },
      {
        title: t(target ? 'units.admin.toast.updated' : 'units.admin.toast.created', named(input, t)),
        description: priceStaysHidden(input) ? t('units.admin.toast.priceHidden') : undefined,
      },
      t(target ? 'units.admin.toast.updateFailed' : 'units.admin.toast.createFailed'),
      true,
    );
    if (saved) {
      setEditing(null);
      setGeneration((n) => n + 1);
      setServerErrors({});
    }
    return saved;
  }

  /** Saves at once, as a select should; the toast offers the way back, as a delete's does. */
  function changeStatus(unit: Unit, status: UnitStatus) {
    // The undo starts from what the change saved (its version), not from the row as it was read.
    let latest = unit;
    const put = (to: UnitStatus) => async () => {
      const outcome = await putVersioned(latest, { ...inputFromUnit(latest), status: to });
      if (outcome.kind !== 'saved') return notSaved(outcome, false);
      latest = outcome.result;
      return latest;
    };
    const failed = t('units.admin.toast.statusFailed', named(unit, t));
    void write(put(status), {
      title: t('units.admin.toast.statusChanged', { ...named(unit, t), status: t(`units.status.${status}`) }),
      action: {
        label: t('units.admin.toast.undo'),
        run: () => void write(put(unit.status), { title: t('units.admin.toast.statusRestored', { ...named(unit, t), status: t(`units.status.${unit.status}`) }) }, failed),
      },
    }, failed);
  }

  /** One delete per click on one row: a second click while it runs, or on its placeholder after, does nothing. */
  async function remove(unit: Unit, index: number, height: number) {
    if (!deletedRows.start(unit, index, height)) return;
    try {
      await apiWrite('DELETE', `/api/units/${unit.id}`);
      deletedRows.deleted(unit);
      if (editing?.id === unit.id) setEditing(null);
      // Delete is immediate; the toast offers the way back (the plan is kept within the undo window).
      showToast({ title: t('units.admin.toast.deleted', named(unit, t)), action: { label: t('units.admin.toast.undo'), run: () => restore(unit), takeFocus: true } });
    } catch (err) {
      deletedRows.forget(unit.id);
      if (!endSessionIfUnauthorized(err)) showToast({ title: t('units.admin.toast.deleteFailed', named(unit, t)), variant: 'destructive' });
    } finally {
      refetch();
    }
  }

  function restore(unit: Unit) {
    void write(async () => {
      if (unit.plan) await apiWrite('POST', UPLOAD_ENDPOINTS.setPublic, { objectPath: unit.plan });
      await apiWrite('POST', `/api/units/${unit.id}/restore`);
      deletedRows.forget(unit.id);
    }, { title: t('units.admin.toast.restored', named(unit, t)) }, t('units.admin.toast.restoreFailed', named(unit, t)));
  }

  const mayWrite = can(role, 'units.write');
  return (
    <div className="grid min-w-0 grid-cols-1 gap-10">
      {dialog}
      {mayWrite && <UnitForm key={`${editing?.id ?? 'new'}-${generation}`} unit={editing} serverErrors={serverErrors} onSave={save} onCancel={() => setEditing(null)} focusOnMount={focusForm && editing !== null} t={t} />}
      <section aria-labelledby="unit-list-title" className="min-w-0">
        <h2 id="unit-list-title" className="text-xl font-bold text-ink">{t('units.admin.listTitle')}</h2>
        {error && <p role="alert" className="mt-4 text-danger">{t('units.admin.loadFailed')}</p>}
        {!data && !error && <p className="mt-4 text-muted">{t('units.admin.loading')}</p>}
        {data && (
          <UnitTable units={data} deletedRows={deletedRows} onEdit={edit} onDelete={(u, index, height) => void remove(u, index, height)} onStatus={changeStatus} readOnly={!mayWrite} t={t} />
        )}
      </section>
    </div>
  );
}
