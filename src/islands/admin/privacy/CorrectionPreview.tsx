import type { Translate } from '~/i18n/translate';
import type { CorrectableField } from '~/shared/inquiry';
import { inquiryReference } from '~/shared/inquiry-basics';

/** An inquiry of the request as it is now: its correctable values (or that it was destroyed). */
export interface CurrentValues {
  id: string;
  destroyed: boolean;
  values: Record<CorrectableField, string | null>;
}

/**
 * What a privacy correction will change, inquiry by inquiry: each field's current → new value (a field that already
 * has the new value is left out), so the owner sees a typo before it is saved and mailed as done.
 */
export default function CorrectionPreview({ current, fields, t }: { current: CurrentValues[]; fields: Partial<Record<CorrectableField, string>>; t: Translate }) {
  const shown = (value: string | null) => value ?? t('inbox.contactEdit.empty');
  const live = current.filter((inquiry) => !inquiry.destroyed);
  return (
    <div className="grid gap-3" data-testid="correction-preview">
      <p>{t('privacyRequests.admin.correctConfirmIntro', { n: live.length })}</p>
      {current.map((inquiry) => {
        const reference = inquiryReference(inquiry.id);
        if (inquiry.destroyed) return <p key={inquiry.id} className="text-muted">{t('privacyRequests.admin.inquiryGone', { reference })}</p>;
        const changes = (Object.keys(fields) as CorrectableField[]).filter((field) => fields[field] !== inquiry.values[field]);
        return (
          <section key={inquiry.id} aria-label={`#${reference}`}>
            <h3 className="font-semibold">#{reference}</h3>
            {changes.length === 0 ? (
              <p className="text-muted">{t('inbox.contactEdit.nothing')}</p>
            ) : (
              <ul className="grid gap-1">
                {changes.map((field) => (
                  <li key={field} data-testid="correction-change" className="break-words">
                    {t('inbox.contactEdit.change', { field: t(`privacyRequests.fields.${field}`), before: shown(inquiry.values[field]), after: shown(fields[field] ?? null) })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
