import type { Translate } from '~/i18n/translate';
import type { DealMetrics } from '~/shared/deals/economics';
import { formatKrw, formatNumber } from '~/shared/deals/display';
import { perPyeong } from '~/shared/deals/money';

interface Props {
  metrics: DealMetrics;
  /** The asking package's face rent per m² (the frozen copy's), null on price on request. */
  askingRentPerM2: number | null;
  lang: string;
  t: Translate;
  /** A heading id the table's caption is read with; the panel may sit in a form, a version or an approval. */
  id: string;
  /** The version timeline and the approvals list show the four figures and the Act; the form shows all. */
  compact?: boolean;
}

/**
 * The economics of one set of terms (decision 054), as the owner reads them: face rent, 실질임대료, NER at the
 * stated rate and NOC per exclusive m², each per m² first and per 3.3 m² after, beside the asking package's;
 * the discount vs asking; the money over the term; 환산보증금 and what the Act then says.
 */
export default function EconomicsPanel({ metrics, askingRentPerM2, lang, t, id, compact = false }: Props) {
  const rows: { key: string; label: string; value: number; asking: number | null }[] = [
    { key: 'faceRentPerM2', label: t('deals.metrics.faceRentPerM2'), value: metrics.faceRentPerM2, asking: askingRentPerM2 },
    { key: 'effectiveRentPerM2', label: t('deals.metrics.effectiveRentPerM2'), value: metrics.effectiveRentPerM2, asking: metrics.askingEffectiveRentPerM2 },
    {
      key: 'nerPerM2',
      label: `${t('deals.metrics.nerPerM2')} (${t('deals.metrics.nerRate', { rate: metrics.nerDiscountRatePct })})`,
      value: metrics.nerPerM2,
      asking: metrics.askingNerPerM2,
    },
    {
      key: 'nocPerExclusiveM2',
      label: `${t('deals.metrics.nocPerExclusiveM2')} (${t('deals.metrics.depositYield', { rate: metrics.depositYieldPct })})`,
      value: metrics.nocPerExclusiveM2,
      asking: null,
    },
  ];
  if (!compact) rows.push({ key: 'faceNocPerExclusiveM2', label: t('deals.metrics.faceNocPerExclusiveM2'), value: metrics.faceNocPerExclusiveM2, asking: null });
  const discount = metrics.discountVsAskingPct;
  const cell = 'px-2 py-1.5 text-right tabular-nums';

  return (
    <div className="grid min-w-0 gap-3" data-testid="economics">
      {/* A phone scrolls the table sideways: the region takes focus so a keyboard can too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="w-full min-w-[30rem] border-collapse text-sm" aria-describedby={`${id}-discount`}>
          <caption id={id} className="mb-1 text-left text-sm font-semibold text-ink">{t('proposalPanel.economics.caption')}</caption>
          <thead>
            <tr className="border-b border-line text-xs text-muted">
              <th scope="col" className="px-2 py-1 text-left font-semibold">{t('proposalPanel.economics.figure')}</th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">{t('proposalPanel.economics.perM2')}</th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">{t('proposalPanel.economics.perPyeong')}</th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">{t('proposalPanel.economics.asking')}</th>
            </tr>
          </thead>
          <tbody>
            {/* The columns name the area (㎡ first, 3.3㎡ after it), so each cell is the amount alone. */}
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-line last:border-0" data-metric={row.key}>
                <th scope="row" className="px-2 py-1.5 text-left font-normal text-ink">{row.label}</th>
                <td className={cell} data-value={row.value}>{formatKrw(row.value, lang)}</td>
                <td className={cell}>{formatKrw(perPyeong(row.value), lang)}</td>
                <td className={`${cell} text-muted`}>{row.asking === null ? '—' : formatKrw(row.asking, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id={`${id}-discount`} className="text-sm font-semibold text-ink" data-testid="discount-vs-asking" data-value={discount ?? ''}>
        {t('deals.metrics.discountVsAskingPct')}:{' '}
        {discount === null
          ? t('deals.metrics.noAsking')
          : t(discount >= 0 ? 'deals.metrics.belowAsking' : 'deals.metrics.aboveAsking', { pct: formatNumber(Math.abs(discount), lang) })}
      </p>
      {!compact && (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {(
            [
              ['monthlyRentKrw', formatKrw(metrics.monthlyRentKrw, lang)],
              ['monthlyMaintenanceKrw', formatKrw(metrics.monthlyMaintenanceKrw, lang)],
              ['freeRentMonths', `${t('deals.terms.months', { count: metrics.freeRentMonths })} · ${formatKrw(metrics.freeRentKrw, lang)}`],
              ['totalRentKrw', formatKrw(metrics.totalRentKrw, lang)],
              ['totalMaintenanceKrw', formatKrw(metrics.totalMaintenanceKrw, lang)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="flex justify-between gap-2 border-b border-line py-1">
              <dt className="text-muted">{t(`deals.metrics.${key}`)}</dt>
              <dd className="text-right tabular-nums text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <ActNotice metrics={metrics} lang={lang} t={t} compact={compact} />
    </div>
  );
}

/** 환산보증금 against Seoul's threshold, and what the 상가건물 임대차보호법 then says (not legal advice). */
function ActNotice({ metrics, lang, t, compact }: { metrics: DealMetrics; lang: string; t: Translate; compact: boolean }) {
  return (
    <div className={`grid gap-1 rounded-lg p-3 text-sm ${metrics.protectedByAct ? 'border border-brass-strong bg-brass-soft' : 'bg-mist'}`} data-testid="act-notice" data-protected={metrics.protectedByAct}>
      <p className="font-semibold text-ink">
        {t('deals.metrics.convertedDepositKrw')}: <span className="tabular-nums">{formatKrw(metrics.convertedDepositKrw, lang)}</span>
      </p>
      <p className="text-ink">{t(metrics.protectedByAct ? 'deals.metrics.protectedByAct' : 'deals.metrics.notProtectedByAct')}</p>
      {metrics.escalationOverCap && (
        <p className="font-semibold text-danger" data-testid="escalation-warning">{t('deals.metrics.escalationOverCap')}</p>
      )}
      {metrics.protectedByAct && <p className="text-ink">{t('deals.metrics.actNotes')}</p>}
      {!compact && <p className="text-xs text-muted">{t('deals.metrics.actRentOnly')}</p>}
    </div>
  );
}
