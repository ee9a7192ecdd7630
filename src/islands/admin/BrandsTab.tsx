import { useEffect, useState } from 'react';
import type { Brand, BrandInput } from '~/shared/brand';
import type { Translate } from '~/i18n/translate';
import { ApiError, apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/use-query';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { errorsFromServer, type BrandFormErrors } from '~/client/brand-form-model';
import BrandForm from './BrandForm';
import BrandTable from './BrandTable';

/** Register, edit and delete brands; the list is read again after every write (spec §7). */
export default function BrandsTab({ t }: { t: Translate }) {
  const { data, error, refetch } = useQuery<Brand[]>(['/api/brands']);
  const [editing, setEditing] = useState<Brand | null>(null);
  const [serverErrors, setServerErrors] = useState<BrandFormErrors>({});
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);

  /** Resolves true when saved, so the form resets. */
  async function save(input: BrandInput): Promise<boolean> {
    const mode = editing ? 'update' : 'create';
    try {
      if (editing) await apiWrite('PUT', `/api/brands/${editing.id}`, input);
      else await apiWrite('POST', '/api/brands', input);
      showToast({ title: t(`admin.brands.toast.${mode}d`) });
      setEditing(null);
      setServerErrors({});
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

  async function remove(brand: Brand) {
    try {
      await apiWrite('DELETE', `/api/brands/${brand.id}`);
      showToast({ title: t('admin.brands.toast.deleted') });
      if (editing?.id === brand.id) setEditing(null);
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) {
        showToast({ title: t('admin.brands.toast.deleteFailed'), description: t('admin.brands.toast.deleteFailedDescription'), variant: 'destructive' });
      }
    } finally {
      refetch();
    }
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-10">
      <BrandForm key={editing?.id ?? 'new'} brand={editing} serverErrors={serverErrors} onSave={save} onCancel={() => setEditing(null)} t={t} />
      <section aria-labelledby="brand-list-title" className="min-w-0">
        <h2 id="brand-list-title" className="text-xl font-bold text-ink">{t('admin.brands.listTitle')}</h2>
        {error && <p role="alert" className="mt-4 text-danger">{t('admin.brands.loadFailed')}</p>}
        {!data && !error && <p className="mt-4 text-muted">{t('admin.brands.loading')}</p>}
        {data && <BrandTable brands={data} onEdit={setEditing} onDelete={(b) => void remove(b)} t={t} />}
      </section>
    </div>
  );
}
