import { forwardRef } from 'react';
import type { Translate } from '~/i18n/translate';
import { listText } from '~/i18n/list';

/** What the visitor sent, as the summary repeats it. */
export interface SentInquiry {
  reference: string;
  name: string;
  email: string;
  phone: string;
  /** The space the inquiry is about, in words ("7층 701호"), or null. */
  unit: string | null;
  files: string[];
}

interface Props {
  sent: SentInquiry;
  /** BCP 47 tag: the files are listed as the language lists. */
  localeTag: string;
  t: Translate;
}

/**
 * After sending: what went to the leasing team and the reference number to quote, instead of a single line.
 * It takes focus, so a screen reader reads it and a phone scrolls to it.
 */
const SentSummary = forwardRef<HTMLElement, Props>(function SentSummary({ sent, localeTag, t }, ref) {
  const rows: [string, string][] = [
    ['name', sent.name],
    ['contact', `${sent.email} · ${sent.phone}`],
    ...(sent.unit ? ([['unit', sent.unit]] as [string, string][]) : []),
    ['files', sent.files.length > 0 ? listText(localeTag, sent.files) : t('inquiry.summary.noFiles')],
  ];
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="inquiry-summary-title"
      className="grid gap-4 rounded-xl border border-success bg-paper p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brass-strong"
      data-testid="inquiry-summary"
    >
      <div>
        <h3 id="inquiry-summary-title" className="text-lg font-bold text-ink">{t('inquiry.summary.title')}</h3>
        <p className="mt-1 text-sm text-ink-soft">{t('inquiry.sent')}</p>
      </div>
      <p className="text-sm text-ink">
        {t('inquiry.summary.reference')}{' '}
        <strong className="font-mono text-lg tracking-wider" data-testid="inquiry-reference">{sent.reference}</strong>
        <span className="block text-muted">{t('inquiry.summary.referenceHint')}</span>
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-semibold text-muted">{t(`inquiry.summary.${key}`)}</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});

export default SentSummary;
