import { useState } from 'react';
import type { Brand } from '~/shared/brand';
import type { Translate } from '~/i18n/translate';
import { matchesAdminSearch } from '~/client/admin-brand-search';
import { imageUrl, isTransformable } from '~/shared/image-url';
import RowActions from '../RowActions';
import { rowHeightOf, type DeletedRows } from '../use-deleted-rows';
import { spaceLabel } from '../space-label';

interface Props {
  brands: Brand[];
  /** The brand open in the form, marked in its row. */
  editingId: string | null;
  onEdit: (brand: Brand) => void;
  /** `index` and `height` are where the row stood, for its placeholder (use-deleted-rows.ts). */
  onDelete: (brand: Brand, index: number, height: number) => void;
  deletedRows: DeletedRows<Brand>;
  /** A viewer's table: no edit or delete. */
  readOnly?: boolean;
  t: Translate;
}

/** Drawn at 48 px, asked of the Image CDN at 2× (an original phone photo is several MB). */
const THUMB_PX = 48;
const CELL = 'block px-4 py-1 sm:table-cell sm:py-3';

/** A cell's column name, shown only where the table is stacked into cards (the header row is hidden there). */
function ColumnName({ name, t }: { name: string; t: Translate }) {
  return <div className="text-xs font-semibold text-muted sm:hidden">{t(`admin.brands.columns.${name}`)}</div>;
}

/**
 * Registered brands: thumbnail, name, category, floor and unit, status, actions (spec §2 Admin), with a
 * search box. Below `sm` each row is a card, so a phone never scrolls sideways (as the units table).
 */
export default function BrandTable({ brands, editingId, onEdit, onDelete, deletedRows, readOnly = false, t }: Props) {
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
        <div className="mt-4 rounded-xl border border-line sm:overflow-x-auto">
          <table className="block w-full text-left text-sm sm:table sm:min-w-[44rem]">
            <caption className="sr-only">{t('admin.brands.listTitle')}</caption>
            <thead className="hidden bg-mist text-ink sm:table-header-group">
              <tr>
                {/* A viewer has no actions: no column that would stay empty. */}
                {['thumbnail', 'name', 'category', 'location', 'status', ...(readOnly ? [] : ['actions'])].map((col) => (
                  <th key={col} scope="col" className="px-4 py-3 font-semibold">{t(`admin.brands.columns.${col}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {deletedRows.entries(shown).map((entry, index) => {
                const ROW = 'block border-t border-line py-2 align-top first:border-t-0 sm:table-row sm:py-0 sm:first:border-t';
                if (entry.kind === 'deleted') {
                  return (
                    <tr key={`deleted-${entry.row.record.id}`} className={ROW} style={{ height: entry.row.height }} data-testid="brand-row-deleted">
                      <td colSpan={6} className="block px-4 py-3 text-muted italic sm:table-cell">{t('admin.brands.toast.deletedRow', { name: entry.row.record.name })}</td>
                    </tr>
                  );
                }
                const brand = entry.record;
                const editing = brand.id === editingId;
                return (
                  <tr key={brand.id} className={`${ROW} ${editing ? 'bg-brass-soft' : ''}`} data-testid="brand-row" aria-current={editing || undefined}>
                    <td className="float-left py-2 pl-4 sm:float-none sm:table-cell sm:px-4">
                      {brand.thumbnail && (
                        <img
                          src={isTransformable(brand.thumbnail) ? imageUrl(brand.thumbnail, { w: THUMB_PX * 2, h: THUMB_PX * 2, fit: 'cover' }) : brand.thumbnail}
                          alt={t('admin.brands.thumbnailAlt', { name: brand.name })}
                          width={THUMB_PX}
                          height={THUMB_PX}
                          loading="lazy"
                          decoding="async"
                          className="h-12 w-12 rounded object-cover"
                        />
                      )}
                    </td>
                    <th scope="row" className="block min-h-16 px-4 py-3 text-left font-medium break-words sm:table-cell sm:min-h-0">
                      {brand.name}
                      {editing && <span className="ml-2 rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white">{t('admin.brands.editing')}</span>}
                    </th>
                    <td className={`${CELL} clear-left`}>
                      <ColumnName name="category" t={t} />
                      {t(`brands.category.${brand.category}`)}
                    </td>
                    <td className={CELL}>
                      <ColumnName name="location" t={t} />
                      {brand.unit ? spaceLabel({ floor: brand.floor, unitNumber: brand.unit }, t) : t(`brands.floor.${brand.floor}`)}
                    </td>
                    <td className={CELL}>
                      <ColumnName name="status" t={t} />
                      {t(brand.isAvailable ? 'status.open' : 'status.comingSoon')}
                      {/* Where it stands in the public directory (issue 40): a hidden or closed brand is not shown to visitors. */}
                      {brand.directoryState && brand.directoryState !== 'open' && (
                        <span className="block text-xs text-muted" data-testid="brand-directory-state">{t(`leases.directory.${brand.directoryState}`)}</span>
                      )}
                    </td>
                    {!readOnly && (
                    <td className={`${CELL} pb-3`}>
                      <RowActions
                        editLabel={t('admin.brands.edit')}
                        deleteLabel={t('admin.brands.delete')}
                        name={brand.name}
                        deleting={entry.busy}
                        onEdit={() => onEdit(brand)}
                        onDelete={(event) => onDelete(brand, index, rowHeightOf(event.currentTarget))}
                      />
                    </td>
                    )}
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
