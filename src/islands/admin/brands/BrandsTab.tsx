import { useEffect, useState } from 'react';
import { BRAND_INPUT_FIELDS, inputFromBrand, type Brand, type BrandInput } from '~/shared/brand';
import { UPLOAD_ENDPOINTS } from '~/shared/upload-protocol';
import type { Translate } from '~/i18n/translate';
import { ApiError, apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { errorsFromServer, type BrandFormErrors } from '~/client/brand-form-model';
import BrandForm from './BrandForm';
import BrandDirectoryForm from './BrandDirectoryForm';
import BrandTable from './BrandTable';
import { useDeletedRows } from '../use-deleted-rows';
import { useStore } from '@nanostores/react';
import { $me } from '~/client/admin-session';
import { can } from '~/shared/roles';
import { saveVersioned } from '~/client/conflict';
import { useConflictDialog, type FormatValue } from '../ConflictDialog';

/** How the conflict dialog shows a brand's values that are codes. */
const formatBrandValue = (t: Translate): FormatValue => (field, value) =>
  field === 'category' ? t(`brands.category.${String(value)}`) : field === 'isAvailable' ? t(value ? 'status.open' : 'status.comingSoon') : null;

/** The form shown: which brand (null: a new one), and a counter so every save, cancel or edit gets a fresh form. */
interface FormState {
  brand: Brand | null;
  generation: number;
  /** False only for the form shown when the tab opens: it must not pull the page to itself. */
  focus: boolean;
}

/** Register, edit and delete brands; the list is read again after every write (spec §7). */
export default function BrandsTab({ t }: { t: Translate }) {
  const { data, error, refetch } = useQuery<Brand[]>(['/api/brands', { audience: 'team' }]);
  const [form, setForm] = useState<FormState>({ brand: null, generation: 0, focus: false });
  const [serverErrors, setServerErrors] = useState<BrandFormErrors>({});
  const deletedRows = useDeletedRows<Brand>();
  const { ask, dialog } = useConflictDialog(t, 'brand', formatBrandValue(t));
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  const editing = form.brand;
  const mayWrite = can(useStore($me)?.role, 'brands.write');
  /** A new form (fresh upload dialog included) for `brand`, brought into view. */
  const openForm = (brand: Brand | null) => {
    setServerErrors({});
    setForm((old) => ({ brand, generation: old.generation + 1, focus: true }));
  };

  /** Resolves true when saved; the form is then replaced by a fresh one. */
  async function save(input: BrandInput): Promise<boolean> {
    const mode = editing ? 'update' : 'create';
    try {
      if (editing) {
        // Based on the version it was read at: a change saved meanwhile opens the conflict dialog (decision 033).
        const outcome = await saveVersioned({
          base: inputFromBrand(editing),
          mine: input,
          version: editing.version,
          fields: BRAND_INPUT_FIELDS,
          project: (stored) => inputFromBrand(stored as unknown as Brand),
          send: (value, version) => apiWrite<Brand>('PUT', `/api/brands/${editing.id}`, value, version === undefined ? {} : { version }),
          ask,
        });
        if (outcome.kind === 'took') {
          openForm(outcome.current as unknown as Brand);
          showToast({ title: t('conflict.took') });
        }
        if (outcome.kind !== 'saved') return false;
      } else await apiWrite('POST', '/api/brands', input);
      showToast({ title: t(`admin.brands.toast.${mode}d`, { name: input.name }) });
      openForm(null);
      return true;
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) {
        if (err instanceof ApiError && err.fields) setServerErrors(errorsFromServer(err.fields));
        showToast({ title: t(`admin.brands.toast.${mode}Failed`), description: t(`admin.brands.toast.${mode}FailedDescription`), variant: 'destructive' });
      }
      return false;
    } finally {
      refetch();
    }
  }

  /**
   * Undo of a delete: the same brand back, with its id and place in the list, thumbnail included. The object
   * outlives the row (the sweep keeps what a deleted brand refers to within the undo window); making it
   * public again is harmless if it still is.
   */
  async function restore(brand: Brand) {
    try {
      if (brand.thumbnail) await apiWrite('POST', UPLOAD_ENDPOINTS.setPublic, { objectPath: brand.thumbnail });
      await apiWrite('POST', `/api/brands/${brand.id}/restore`);
      deletedRows.forget(brand.id);
      showToast({ title: t('admin.brands.toast.restored', { name: brand.name }) });
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) {
        showToast({ title: t('admin.brands.toast.restoreFailed'), description: t('admin.brands.toast.restoreFailedDescription'), variant: 'destructive' });
      }
    } finally {
      refetch();
    }
  }

  /** One delete per click on one row: a second click while it runs, or on its placeholder after, does nothing. */
  async function remove(brand: Brand, index: number, height: number) {
    if (!deletedRows.start(brand, index, height)) return;
    try {
      await apiWrite('DELETE', `/api/brands/${brand.id}`);
      deletedRows.deleted(brand);
      showToast({
        title: t('admin.brands.toast.deleted', { name: brand.name }),
        description: t('admin.brands.toast.deletedDescription'),
        action: { label: t('admin.brands.toast.undo'), run: () => void restore(brand), takeFocus: true },
      });
      if (editing?.id === brand.id) setForm((old) => ({ brand: null, generation: old.generation + 1, focus: false }));
    } catch (err) {
      deletedRows.forget(brand.id);
      if (!endSessionIfUnauthorized(err)) {
        showToast({ title: t('admin.brands.toast.deleteFailed'), description: t('admin.brands.toast.deleteFailedDescription'), variant: 'destructive' });
      }
    } finally {
      refetch();
    }
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-10">
      {dialog}
      {mayWrite && <BrandForm
        key={`${editing?.id ?? 'new'}-${form.generation}`}
        brand={editing}
        serverErrors={serverErrors}
        onSave={save}
        onCancel={() => openForm(null)}
        focusOnMount={form.focus}
        t={t}
      />}
      {/* Where a stored brand stands in the public directory: its own save (PATCH), beside the brand's form. */}
      {mayWrite && editing && <BrandDirectoryForm key={`directory-${editing.id}-${form.generation}`} brand={editing} onSaved={() => refetch()} t={t} />}
      <section aria-labelledby="brand-list-title" className="min-w-0">
        <h2 id="brand-list-title" className="text-xl font-bold text-ink">{t('admin.brands.listTitle')}</h2>
        {error && <p role="alert" className="mt-4 text-danger">{t('admin.brands.loadFailed')}</p>}
        {!data && !error && <p className="mt-4 text-muted">{t('admin.brands.loading')}</p>}
        {data && <BrandTable brands={data} editingId={editing?.id ?? null} onEdit={openForm} onDelete={(b, index, height) => void remove(b, index, height)} deletedRows={deletedRows} readOnly={!mayWrite} t={t} />}
      </section>
    </div>
  );
}
