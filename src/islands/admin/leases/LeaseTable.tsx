import { useEffect, useRef } from 'react';
import type { Translate } from '~/i18n/translate';
import { formatDay, formatKrw } from '~/shared/deals/display';
import type { LeaseListItem } from '~/shared/leases/lease';
import { leaseEndsOn } from '~/shared/leases/dates';
import { LEASE_STATUS_CLASS, spacesText } from './lease-words';

interface Props {
  leases: readonly LeaseListItem[];
  /** The lease whose page was just left: its button takes the focus back. */
  focusId: string | null;
  lang: string;
  onOpen: (id: string) => void;
  t: Translate;
}

const CELL = 'block px-4 py-1 sm:table-cell sm:py-3';
const COLUMNS = ['spaces', 'area', 'rent', 'deposit', 'status', 'expires'] as const;

/** The leases as a table; below `sm` each row is a card, so a phone never scrolls sideways (as the units table). */
export default function LeaseTable({ leases, focusId, lang, onOpen, t }: Props) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (focusId) buttons.current.get(focusId)?.focus();
  }, [focusId]);
  const column = (name: string) => <span className="mr-2 font-semibold text-muted sm:hidden">{t(`leasePanel.tab.columns.${name}`)}</span>;
  return (
    <div className="rounded-xl border border-line sm:overflow-x-auto">
      <table className="block w-full text-left text-sm sm:table sm:min-w-[52rem]" data-testid="leases-table">
        <caption className="sr-only">{t('leasePanel.tab.title')}</caption>
        <thead className="hidden bg-mist text-ink sm:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">{t('leasePanel.tab.columns.tenant')}</th>
            {COLUMNS.map((name) => <th key={name} scope="col" className="px-4 py-3 font-semibold">{t(`leasePanel.tab.columns.${name}`)}</th>)}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {leases.map((lease) => (
            <tr key={lease.id} className="block border-t border-line py-2 align-top first:border-t-0 sm:table-row sm:py-0 sm:first:border-t" data-testid="lease-row">
              <th scope="row" className="block px-4 py-2 font-medium sm:table-cell sm:py-3">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(lease.id, element);
                    else buttons.current.delete(lease.id);
                  }}
                  className="min-h-11 text-left break-words text-ink underline"
                  onClick={() => onOpen(lease.id)}
                >
                  {lease.tenant.legalName || t('leasePanel.facts.noTenant')}
                </button>
                {lease.brand && <span className="block text-xs text-muted">{lease.brand.name}</span>}
              </th>
              <td className={CELL}>{column('spaces')}{spacesText(lease.units, t)}</td>
              <td className={`${CELL} tabular-nums`}>{column('area')}{t('leasePanel.tab.areaValue', { area: lease.area.contractM2 })}</td>
              <td className={`${CELL} tabular-nums`}>{column('rent')}{formatKrw(lease.monthly.rentKrw, lang)}</td>
              <td className={`${CELL} tabular-nums`}>{column('deposit')}{formatKrw(lease.deposit.amountKrw, lang)}</td>
              <td className={CELL}>{column('status')}<span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${LEASE_STATUS_CLASS[lease.status]}`} data-testid="lease-row-status">{t(`leases.status.${lease.status}`)}</span></td>
              <td className={`${CELL} whitespace-nowrap`}>{column('expires')}{formatDay(leaseEndsOn(lease.dates), lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
