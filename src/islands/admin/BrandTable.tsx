import { useState } from 'react';
import type { Brand } from '~/shared/brand';
import type { Translate } from '~/i18n/translate';
import { matchesAdminSearch } from '~/client/admin-brand-search';
import RowActions from './RowActions';

interface Props {
  brands: Brand[];
  /** The brand open in the form, marked in its row. */
  editingId: string | null;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
  /** A viewer's table: no edit or delete. */
  readOnly?: boolean;
  t: Translate;
}

/** Shown at 48 px; the file is the stored object (the Image CDN takes over at merge). */
const THUMB_PX = 48;

/** Registered brands: thumbnail, name, category, floor and unit, status, actions (spec §2 Admin), with a search box. */
export default function BrandTable({ brands, editingId, onEdit, onDelete, readOnly = false, t }: Props) {
  const [search, setSearch] = useState('');
  if (brands.length === 0) return <p className="mt-4 text-muted">{t('admin.brands.empty')}</p>;
  const shown = brands.filter((brand) => matchesAdminSearch(brand, search, t));
  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor="admin-brand-search" className="text-sm font-semibold text-ink">{t('admin.brands.searchLabel')}</label>
          <input
            id="admin-brand-search"
            type="search"
            value={search}
            placeholder={t('admin.brands.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby="admin-brand-search-count"
            className="mt-1 w-full rounded-md border border-muted bg-paper px-3 py-2 text-base"
          />
        </div>
        <p id="admin-brand-search-count" role="status" className="pb-2 text-sm text-muted">
          {t('admin.brands.shownCount', { shown: shown.length, total: brands.length })}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="mt-4 text-muted">{t('admin.brands.noMatches')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-mist text-ink">
              <tr>
                {['thumbnail', 'name', 'category', 'location', 'status', 'actions'].map((col) => (
                  <th key={col} scope="col" className="px-4 py-3 font-semibold">{t(`admin.brands.columns.${col}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((brand) => {
                const editing = brand.id === editingId;
                return (
                  <tr key={brand.id} className={`border-t border-line ${editing ? 'bg-brass-soft' : ''}`} data-testid="brand-row" aria-current={editing || undefined}>
                    <td className="px-4 py-2">
                      {brand.thumbnail && (
                        <img src={brand.thumbnail} alt={t('admin.brands.thumbnailAlt', { name: brand.name })} width={THUMB_PX} height={THUMB_PX} loading="lazy" decoding="async" className="h-12 w-12 rounded object-cover" />
                      )}
                    </td>
                    <td className="px-4 py-3 font-medium">
                      {brand.name}
                      {editing && <span className="ml-2 rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white">{t('admin.brands.editing')}</span>}
                    </td>
                    <td className="px-4 py-3">{t(`brands.category.${brand.category}`)}</td>
                    <td className="px-4 py-3">
                      {t(`brands.floor.${brand.floor}`)} {brand.unit && t('brands.card.unit', { unit: brand.unit })}
                    </td>
                    <td className="px-4 py-3">{t(brand.isAvailable ? 'status.open' : 'status.comingSoon')}</td>
                    <td className="px-4 py-3">
                      {!readOnly && <RowActions editLabel={t('admin.brands.edit')} deleteLabel={t('admin.brands.delete')} name={brand.name} onEdit={() => onEdit(brand)} onDelete={() => onDelete(brand)} />}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
