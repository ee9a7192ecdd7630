import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { LEASE_DOCUMENT_EXTENSIONS, LEASE_DOCUMENT_MAX_BYTES, LEASE_DOCUMENT_TYPES } from '~/shared/uploads';
import { seoulToday } from '~/shared/units/facts';
import { $language } from '~/client/stores';
import { useUploadDialog } from '~/client/hooks/use-upload-dialog';
import { uppyLocale } from '~/client/upload/uppy-locale';
import { signLease, type LeaseRecord } from '~/client/leases/api';
import { ApiError } from '~/client/api';
import { spaceName } from '~/shared/units/space-name';
import HoldReleaseDialog from './HoldReleaseDialog';
import { TextInput } from '../inquiry/proposals/form-parts';
import { fieldsOf } from './refusal';
import { useLeaseWrite } from './use-lease-write';

const ALLOWED = [...LEASE_DOCUMENT_EXTENSIONS, ...LEASE_DOCUMENT_TYPES];

/** A space another inquiry's accepted proposal holds, as the 409 `unit_reserved` names it (docs/api/leases.md). */
interface HeldSpace {
  unitId: string;
  floor: string;
  unitNumber: string;
  version: number;
  reference: string;
  until: string;
}

/** The holds a refused signing names; null for any other refusal. */
function heldSpacesOf(error: unknown): HeldSpace[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'unit_reserved') return null;
  const holds = (error.data as { error?: { holds?: HeldSpace[] } } | undefined)?.error?.holds;
  return Array.isArray(holds) && holds.length > 0 ? holds : null;
}

interface Props {
  lease: LeaseRecord;
  /** The form has changes not saved yet: signing signs what is stored, so it waits for them. */
  unsaved: boolean;
  lang: string;
  t: Translate;
  onDone: (saved: LeaseRecord | null) => void;
}

/**
 * An owner records the signing (issue 40): the day it was signed and the signed PDF, uploaded as a private lease
 * document (the project's upload dialog, `purpose: 'lease'`). What the draft still lacks is listed first, each by
 * its field; the server checks it all again, and of two signings of one space only one succeeds.
 */
export default function SignForm({ lease, unsaved, lang, t, onDone }: Props) {
  const [signedOn, setSignedOn] = useState(() => seoulToday());
  const [signedPdf, setSignedPdf] = useState<{ path: string; name: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** Another inquiry's hold on a space: signing was refused; the owner may release it, saying why. */
  const [held, setHeld] = useState<HeldSpace[] | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const { write, dialog } = useLeaseWrite(lease, lang, t, onDone);
  const dayFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  const id = `lease-${lease.id.slice(0, 8)}-sign`;
  const problems = Object.entries(lease.problems ?? {});
  const upload = useUploadDialog({
    purpose: 'lease',
    maxFiles: 1,
    maxBytes: LEASE_DOCUMENT_MAX_BYTES,
    allowedTypes: ALLOWED,
    locale: uppyLocale(t, $language.get(), ALLOWED),
    note: t('leasePanel.sign.documentHint'),
    onUploaded: (file) => {
      setSignedPdf({ path: file.path, name: file.name });
      setErrors((old) => ({ ...old, documentPath: '' }));
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await record(null);
  }

  /** Records the signing; with `releaseReason`, releasing the holds the last refusal named. */
  async function record(releaseReason: string | null) {
    if (busy) return;
    const found: Record<string, string> = {};
    if (!signedOn) found.signedOn = 'leases.errors.signedOnInvalid';
    else if (signedOn > seoulToday()) found.signedOn = 'leases.errors.signedOnFuture';
    if (!signedPdf) found.documentPath = 'leases.errors.documentRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.signedOn ? `${id}-signedOn` : `${id}-document`)?.focus();
      return;
    }
    setBusy(true);
    let refused: Record<string, string> | null = null;
    try {
      const saved = await write(
        {},
        async (_value, version) => {
          try {
            return await signLease(lease.id, { signedOn, documentPath: signedPdf!.path, ...(releaseReason === null ? {} : { releaseHolds: { reason: releaseReason } }) }, version);
          } catch (error) {
            refused = fieldsOf(error);
            throw error;
          }
        },
        () => t('leasePanel.toast.signed'),
        // Held for another inquiry: said in the form (and the release offered), not in a toast.
        (error) => {
          const holds = heldSpacesOf(error);
          if (holds) setHeld(holds);
          return holds !== null || (releaseReason !== null && fieldsOf(error)?.reason !== undefined);
        },
      );
      const fields = refused as Record<string, string> | null;
      if (fields?.reason) setReleaseError(fields.reason);
      else if (fields) setErrors(fields);
      if (saved) {
        setHeld(null);
        setReleasing(false);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border border-ink p-3 sm:p-4" data-testid="lease-sign">
        {dialog}
        <h5 id={`${id}-title`} className="text-base font-bold text-ink">{t('leasePanel.sign.title')}</h5>
        {problems.length > 0 ? (
          <div role="note" className="grid gap-1 rounded-md bg-brass-soft p-2 text-sm text-ink" data-testid="lease-problems">
            <p className="font-semibold">{t('leasePanel.sign.missing')}</p>
            <ul className="list-disc pl-5">
              {problems.map(([field, key]) => <li key={field}>{t(key)}</li>)}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted">{t('leasePanel.sign.intro')}</p>
        )}
        {unsaved && <p role="note" className="text-sm text-ink">{t('leasePanel.sign.saveFirst')}</p>}
        {held && (
          <div role="alert" className="grid gap-2 rounded-md border border-danger p-2 text-sm text-ink" data-testid="lease-held">
            <p className="font-semibold">{t('leasePanel.sign.heldTitle')}</p>
            <ul className="list-disc pl-5">
              {held.map((hold) => (
                <li key={hold.unitId}>{t('leasePanel.sign.heldLine', { space: spaceName(t, hold), reference: hold.reference, version: hold.version, until: dayFormat.format(new Date(hold.until)) })}</li>
              ))}
            </ul>
            <p>{t('leasePanel.sign.heldExplain')}</p>
            <button type="button" className="btn min-h-11 justify-self-start border border-danger text-danger hover:bg-mist" onClick={() => { setReleaseError(null); setReleasing(true); }}>
              {t('leasePanel.sign.release')}
            </button>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput id={`${id}-signedOn`} type="date" label={t('leasePanel.fields.signedOn')} value={signedOn} onChange={setSignedOn} error={errors.signedOn || undefined} t={t} />
          <div className="grid content-start gap-1 text-sm">
            <span id={`${id}-document-label`} className="font-semibold text-ink">{t('leasePanel.sign.document')}</span>
            {signedPdf ? (
              <p className="flex flex-wrap items-center gap-2" data-testid="lease-document-picked">
                <span className="break-all text-ink">{signedPdf.name}</span>
                <button type="button" className="btn min-h-11 border border-line text-ink" onClick={() => { setSignedPdf(null); upload.reset(); }}>{t('leasePanel.sign.removeDocument', { name: signedPdf.name })}</button>
              </p>
            ) : (
              <button
                id={`${id}-document`}
                type="button"
                className="btn min-h-11 justify-self-start border border-brass-strong text-brass-strong hover:bg-brass-soft"
                aria-describedby={`${id}-document-hint${errors.documentPath ? ` ${id}-document-error` : ''}`}
                aria-invalid={Boolean(errors.documentPath) || undefined}
                onClick={upload.open}
              >
                {t('leasePanel.sign.upload')}
              </button>
            )}
            <span id={`${id}-document-hint`} className="text-xs text-muted">{t('leasePanel.sign.documentHint')}</span>
            {errors.documentPath && <span id={`${id}-document-error`} className="text-danger">{t(errors.documentPath)}</span>}
          </div>
        </div>
        <button type="submit" disabled={busy || unsaved || problems.length > 0} className="btn min-h-11 justify-self-start bg-ink text-white disabled:opacity-60">
          {busy ? t('leasePanel.actions.working') : t('leasePanel.sign.confirm')}
        </button>
      </form>
      {held && releasing && (
        <HoldReleaseDialog
          references={[...new Set(held.map((hold) => `#${hold.reference}`))]}
          error={releaseError}
          busy={busy}
          t={t}
          onRelease={(reason) => void record(reason)}
          onCancel={() => setReleasing(false)}
        />
      )}
    </>
  );
}
