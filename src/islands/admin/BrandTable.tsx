import type { Brand } from '~/shared/brand';
import type { Translate } from '~/i18n/translate';

interface Props {
  brands: Brand[];
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
  t: Translate;
}

/** Registered brands: name, category, floor and unit, status, actions (spec §2 Admin). */
export default function BrandTable({ brands, onEdit, onDelete, t }: Props) {
  if (brands.length === 0) return <p className="mt-4 text-muted">{t('admin.brands.empty')}</p>;
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-mist text-ink">
          <tr>
            {['name', 'category', 'location', 'status', 'actions'].map((col) => (
              <th key={col} scope="col" className="px-4 py-3 font-semibold">{t(`admin.brands.columns.${col}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {brands.map((brand) => (
            <tr key={brand.id} className="border-t border-line" data-testid="brand-row">
              <td className="px-4 py-3 font-medium">{brand.name}</td>
              <td className="px-4 py-3">{t(`brands.category.${brand.category}`)}</td>
              <td className="px-4 py-3">
                {t(`brands.floor.${brand.floor}`)} {brand.unit && t('brands.card.unit', { unit: brand.unit })}
              </td>
              <td className="px-4 py-3">{t(brand.isAvailable ? 'admin.brands.status.open' : 'admin.brands.status.preparing')}</td>
              <td className="px-4 py-3">
                <div className="flex gap-2">
                <button type="button" className="rounded border border-line px-3 py-1 hover:bg-mist" onClick={() => onEdit(brand)}>
                  {t('admin.brands.edit')}<span className="sr-only"> {brand.name}</span>
                </button>
                <button type="button" className="rounded border border-danger px-3 py-1 text-danger hover:bg-danger hover:text-white" onClick={() => onDelete(brand)}>
                  {t('admin.brands.delete')}<span className="sr-only"> {brand.name}</span>
                </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
