import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { EXPORT_REASONS, EXPORT_REASON_TEXT_MAX, type ExportReason } from '~/shared/access';
import { ApiError } from '~/client/api';

const input = 'min-h-11 rounded-lg border border-line bg-white px-3 text-sm';

/**
 * Asks why before the CSV is made (issue 25): a reason from the short list (src/shared/access.ts) and words
 * of one's own, required for "other". The server refuses an export without one; what it says is shown here.
 */
export default function ExportReasonForm({ t, onExport, onCancel }: { t: Translate; onExport: (reason: ExportReason, reasonText: string) => Promise<void>; onCancel: () => void }) {
  const [reason, setReason] = useState<ExportReason | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'reasonText'; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) return setError({ field: 'reason', key: 'access.errors.reasonRequired' });
    if (reason === 'other' && !text.trim()) return setError({ field: 'reasonText', key: 'access.errors.reasonTextRequired' });
    setError(null);
    setBusy(true);
    try {
      await onExport(reason, text.trim());
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.reason) setError({ field: 'reason', key: fields.reason });
      else if (fields?.reasonText) setError({ field: 'reasonText', key: fields.reasonText });
      else throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="export-reason-title" data-testid="export-reason" className="grid gap-3 rounded-xl border border-line bg-mist p-4">
      <h2 id="export-reason-title" className="text-base font-bold text-ink">{t('access.export.title')}</h2>
      <p className="text-sm text-ink">{t('access.export.intro')}</p>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('access.export.reason')}</span>
        <select
          ref={first}
          aria-required="true"
          value={reason}
          onChange={(e) => setReason(e.target.value as ExportReason)}
          aria-invalid={error?.field === 'reason' ? true : undefined}
          aria-describedby={error?.field === 'reason' ? 'export-reason-error' : undefined}
          className={input}
        >
          <option value="" disabled>{t('access.export.reason')}</option>
          {EXPORT_REASONS.map((code) => <option key={code} value={code}>{t(`access.reasons.${code}`)}</option>)}
        </select>
        {error?.field === 'reason' && <span id="export-reason-error" className="text-danger">{t(error.key)}</span>}
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('access.export.reasonText')}</span>
        <textarea
          value={text}
          maxLength={EXPORT_REASON_TEXT_MAX}
          rows={2}
          aria-required={reason === 'other' ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error?.field === 'reasonText' ? true : undefined}
          aria-describedby="export-reason-text-hint"
          className="rounded-lg border border-line bg-white p-3 text-sm"
        />
        <span id="export-reason-text-hint" className="text-xs text-muted">{error?.field === 'reasonText' ? <span className="text-danger">{t(error.key)}</span> : t('access.export.reasonTextHint')}</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn min-h-11 bg-ink text-white">{t('access.export.submit')}</button>
        <button type="button" onClick={onCancel} className="btn min-h-11 border border-line text-ink hover:bg-white">{t('access.export.cancel')}</button>
      </div>
    </form>
  );
}
