import { HAND_SET_STATUSES, toPyeong, type Unit, type UnitStatus } from '~/shared/units/unit';
import type { Translate } from '~/i18n/translate';
import RowActions from '../RowActions';
import { spaceLabel } from '../space-label';
import { rowHeightOf, type DeletedRows } from '../use-deleted-rows';

interface Props {
  units: Unit[];
  onEdit: (unit: Unit) => void;
  /** `index` and `height` are where the row stood, for its placeholder (use-deleted-rows.ts). */
  onDelete: (unit: Unit, index: number, height: number) => void;
  deletedRows: DeletedRows<Unit>;
  onStatus: (unit: Unit, status: UnitStatus) => void;
  /** A viewer's table: status shown, not changeable; no edit or delete. */
  readOnly?: boolean;
  t: Translate;
}

const AREA = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });
const WON = new Intl.NumberFormat('ko-KR', { style: 'currency', currency: 'KRW' });
const won = (value: number | null) => (value === null ? '—' : WON.format(value));
const CELL = 'block px-4 py-1 sm:table-cell sm:py-3';

/** A cell's column name, shown only where the table is stacked into cards (the header row is hidden there). */
function ColumnName({ name, t }: { name: string; t: Translate }) {
  return <div className="text-xs font-semibold text-muted sm:hidden">{t(`units.admin.columns.${name}`)}</div>;
}

/** Spaces by floor and unit: status (changeable in place), areas in m² and 평, price, actions. */
export default function UnitTable({ units, onEdit, onDelete, onStatus, deletedRows, readOnly = false, t }: Props) {
  if (units.length === 0) return <p className="mt-4 text-muted">{t('units.admin.empty')}</p>;
  const area = (m2: number) => t('units.admin.areaCell', { m2: AREA.format(m2), pyeong: AREA.format(toPyeong(m2)) });
  return (
    <div className="mt-4 rounded-xl border border-line sm:overflow-x-auto">
      {/* Below sm each row is a card (cells stacked, each with its column's name), so a phone never scrolls sideways. */}
      <table className="block w-full text-left text-sm sm:table sm:min-w-[44rem]">
        <caption className="sr-only">{t('units.admin.caption')}</caption>
        <thead className="hidden bg-mist text-ink sm:table-header-group">
          <tr>
            {/* A viewer has no actions: no column that would stay empty. */}
            {['location', 'status', 'areas', 'price', ...(readOnly ? [] : ['actions'])].map((col) => (
              <th key={col} scope="col" className="px-4 py-3 font-semibold">{t(`units.admin.columns.${col}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {deletedRows.entries(units).map((entry, index) => {
            const ROW = 'block border-t border-line py-2 align-top first:border-t-0 sm:table-row sm:py-0 sm:first:border-t';
            if (entry.kind === 'deleted') {
              const gone = entry.row.record;
              return (
                <tr key={`deleted-${gone.id}`} className={ROW} style={{ height: entry.row.height }} data-testid="unit-row-deleted">
                  <td colSpan={5} className="block px-4 py-3 text-muted italic sm:table-cell">
                    {t('units.admin.toast.deletedRow', { space: spaceLabel(gone, t) })}
                  </td>
                </tr>
              );
            }
            const unit = entry.record;
            const name = spaceLabel(unit, t);
            return (
              <tr key={unit.id} className={ROW} data-testid="unit-row">
                <th scope="row" className="block px-4 py-2 font-medium sm:table-cell sm:py-3">{name}</th>
                <td className={CELL}>
                  <ColumnName name="status" t={t} />
                  {/* A viewer reads the status as text, not as a greyed control that looks editable. */}
                  {/* A reserved space is held by an accepted proposal: its status changes with the lease or the hold's end. */}
                  {/* A space a signed lease governs follows the lease's dates: its status is read, with the lease named. */}
                  {readOnly || unit.status === 'reserved' || unit.lease ? (
                    <span data-testid="unit-status">
                      {t(`units.status.${unit.status}`)}
                      {unit.lease && <span className="block text-xs text-muted" data-testid="unit-lease">{t('leasePanel.unit.byLease', { tenant: unit.lease.legalName || t('leasePanel.facts.noTenant') })}</span>}
                    </span>
                  ) : (
                    <select aria-label={t('units.admin.statusOf', { unit: name })} value={unit.status} onChange={(e) => onStatus(unit, e.target.value as UnitStatus)} className="min-h-11 rounded-md border border-muted bg-paper px-2">
                      {HAND_SET_STATUSES.map((status) => <option key={status} value={status}>{t(`units.status.${status}`)}</option>)}
                    </select>
                  )}
                </td>
                <td className={CELL}>
                  <ColumnName name="areas" t={t} />
                  <div>{area(unit.exclusiveAreaM2)}</div>
                  <div className="text-muted">{area(unit.supplyAreaM2)}</div>
                </td>
                <td className={CELL}>
                  <ColumnName name="price" t={t} />
                  <div>{won(unit.monthlyRent)}</div>
                  <div className="text-muted">{won(unit.deposit)}</div>
                  {!unit.pricePublic && <div className="text-xs text-muted">{t('units.admin.priceHidden')}</div>}
                </td>
                {!readOnly && (
                <td className={CELL}>
                  <RowActions
                    editLabel={t('units.admin.edit')}
                    deleteLabel={t('units.admin.delete')}
                    name={name}
                    deleting={entry.busy}
                    onEdit={() => onEdit(unit)}
                    onDelete={(event) => onDelete(unit, index, rowHeightOf(event.currentTarget))}
                  />
                </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
