import type { Translate } from '~/i18n/translate';
import type { TermChange } from '~/client/proposals/versions';

/**
 * What changed between two sets of terms, each as "rent: ₩36,000 per m² → ₩34,000 per m²". `changes` null: there
 * is nothing to compare with (no previous version, or no asking rent), said by `none`.
 */
export default function TermChanges({ title, changes, empty, none, t, testId }: {
  title: string;
  changes: TermChange[] | null;
  /** When nothing changed. */
  empty: string;
  /** When there is nothing to compare with. */
  none?: string;
  t: Translate;
  testId: string;
}) {
  return (
    <div className="grid gap-1 text-sm" data-testid={testId}>
      <p className="font-semibold text-ink">{title}</p>
      {changes === null ? (
        <p className="text-muted">{none}</p>
      ) : changes.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-0.5">
          {changes.map((change) => (
            <li key={change.field} data-field={change.field} className="break-words">
              <span className="text-muted">{t(`deals.terms.${change.field}`)}:</span> <del className="text-muted">{change.before}</del>{' '}
              <span aria-hidden="true">→</span>
              <span className="sr-only">{t('proposalPanel.timeline.to')}</span> <ins className="font-semibold text-ink no-underline">{change.after}</ins>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
