import { useCallback, useMemo, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { leaseSchedule } from '~/shared/leases/schedule';
import { can, type Role } from '~/shared/roles';
import type { Brand } from '~/shared/brand-basics';
import type { Unit } from '~/shared/units/unit';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { showToast } from '~/client/stores';
import { discardLease, downloadScheduleCsv, patchLease, type LeaseRecord } from '~/client/leases/api';
import { leasePatchBetween, type LeaseDraftErrors, type LeaseFields } from '~/client/leases/draft-model';
import ConfirmDialog from '../ConfirmDialog';
import AmendmentForm from './AmendmentForm';
import AmendmentList from './AmendmentList';
import LeaseDocument from './LeaseDocument';
import LeaseDraftForm from './LeaseDraftForm';
import LeaseFacts from './LeaseFacts';
import LeaseHistory from './LeaseHistory';
import RenewalPanel from './RenewalPanel';
import ScheduleTable from './ScheduleTable';
import SignForm from './SignForm';
import SignedContacts from './SignedContacts';
import { LEASE_STATUS_CLASS, spacesText } from './lease-words';
import { fieldsOf, leaseRefusal } from './refusal';
import { useLeaseWrite } from './use-lease-write';

interface Props {
  lease: LeaseRecord;
  role: Role | null;
  /** Writes are open here (the inquiry is neither destroyed nor suspended, for a draft). */
  writable: boolean;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
  /** After a write: the lease as saved, or null when it should be read again (or is gone). */
  onChanged: (saved: LeaseRecord | null) => void;
}

/**
 * One lease whole (issue 40), in the inquiry's detail and on the leases tab alike: a draft's form with the schedule
 * its terms make and the owner's signing; a signed lease's record, renewal window and 10-year day, its people (still
 * editable), its schedule with yearly totals, its amendments (owners add them), its signed PDF and its history.
 */
export default function LeaseDetail({ lease, role, writable, lang, dateFormat, t, onChanged }: Props) {
  const canWrite = writable && can(role, 'leases.write');
  const canSign = writable && can(role, 'leases.sign');
  const [panel, setPanel] = useState<'amend' | 'contacts' | 'discard' | null>(null);
  const [dirty, setDirty] = useState(false);
  const onDirty = useCallback((value: boolean) => setDirty(value), []);
  const { write, dialog } = useLeaseWrite(lease, lang, t, onChanged);
  const draft = lease.status === 'draft';
  const rows = useMemo(() => leaseSchedule({ terms: lease.terms, area: lease.area, amendments: lease.amendments.map((one) => ({ effectiveOn: one.effectiveOn, changes: one.changes })) }), [lease]);
  const id = `lease-${lease.id}`;

  const save = async (fields: LeaseFields): Promise<LeaseDraftErrors | null> => {
    let refused: LeaseDraftErrors | null = null;
    const { status: _status, ...change } = fields;
    await write(
      change,
      async (value, version, from) => {
        const patch = leasePatchBetween(from, value);
        if (!patch) return lease;
        try {
          return await patchLease(lease.id, patch, version);
        } catch (error) {
          refused = fieldsOf(error);
          throw error;
        }
      },
      () => t('leasePanel.toast.saved'),
      () => refused !== null,
    );
    return refused;
  };
  const discard = async () => {
    setPanel(null);
    try {
      await discardLease(lease.id, lease.version);
      showToast({ title: t('leasePanel.toast.discarded') });
      onChanged(null);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('leasePanel.toast.failed'), description: leaseRefusal(error, t), variant: 'destructive' });
      onChanged(null);
    }
  };
  const csv = () => void downloadScheduleCsv(lease.id, lang).catch((error: unknown) => {
    if (!endSessionIfUnauthorized(error)) showToast({ title: t('leasePanel.toast.failed'), description: leaseRefusal(error, t), variant: 'destructive' });
  });

  return (
    <article className="grid min-w-0 gap-4 rounded-lg border border-line p-3 sm:p-4" aria-labelledby={`${id}-title`} data-testid="lease" data-status={lease.status}>
      {dialog}
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${id}-title`} className="text-base font-bold break-words text-ink">{lease.tenant.legalName || t('leasePanel.facts.noTenant')}</h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${LEASE_STATUS_CLASS[lease.status]}`} data-testid="lease-status">{t(`leases.status.${lease.status}`)}</span>
        <span className="text-sm text-muted">{spacesText(lease.units, t)}</span>
      </div>
      {lease.overrideReason && <p role="note" className="rounded-md bg-brass-soft p-2 text-sm text-ink">{t('leasePanel.facts.override', { reason: lease.overrideReason })}</p>}

      {draft && canWrite ? (
        <>
          <DraftEditor lease={lease} onSave={save} onDirty={onDirty} lang={lang} t={t} />
          {canSign ? (
            <SignForm lease={lease} unsaved={dirty} lang={lang} t={t} onDone={onChanged} />
          ) : (
            <p className="text-sm text-muted" data-testid="lease-sign-by-owner">{t('leasePanel.sign.byOwner')}</p>
          )}
          <button type="button" className="btn min-h-11 justify-self-start border border-danger text-danger" onClick={() => setPanel('discard')}>{t('leasePanel.actions.discard')}</button>
          {panel === 'discard' && (
            <ConfirmDialog title={t('leasePanel.discard.title')} confirmLabel={t('leasePanel.discard.confirm')} cancelLabel={t('leasePanel.actions.close')} danger onConfirm={() => void discard()} onCancel={() => setPanel(null)} testId="lease-discard-dialog">
              <p>{t('leasePanel.discard.body')}</p>
            </ConfirmDialog>
          )}
        </>
      ) : (
        <>
          {!draft && lease.status !== 'ended' && (
            <RenewalPanel lease={lease} rows={rows} canPropose={writable && can(role, 'proposals.write')} lang={lang} t={t} />
          )}
          <LeaseFacts lease={lease} lang={lang} t={t} />
          {lease.personalDestroyedAt && (
            <p role="note" className="rounded-md bg-mist p-2 text-sm text-ink" data-testid="lease-destroyed">{t('leasePanel.facts.destroyed', { day: dateFormat.format(new Date(lease.personalDestroyedAt)) })}</p>
          )}
          {/* Five years after its end the lease's people and PDF are destroyed (the privacy map): nothing to keep current then. */}
          {!draft && canWrite && !lease.personalDestroyedAt && panel !== 'contacts' && (
            <button type="button" className="btn min-h-11 justify-self-start border border-ink text-ink" onClick={() => setPanel('contacts')}>{t('leasePanel.contacts.edit')}</button>
          )}
          {panel === 'contacts' && <SignedContacts lease={lease} lang={lang} t={t} onDone={onChanged} onCancel={() => setPanel(null)} />}
          <ScheduleTable rows={rows} id={id} lang={lang} t={t} onCsv={csv} />
          {!draft && (
            <section aria-labelledby={`${id}-amendments`} className="grid gap-2">
              <h5 id={`${id}-amendments`} className="text-sm font-bold text-ink">{t('leasePanel.amendments.title')}</h5>
              <AmendmentList lease={lease} lang={lang} dateFormat={dateFormat} t={t} />
              {canSign && lease.status !== 'ended' && panel !== 'amend' && (
                <button type="button" className="btn min-h-11 justify-self-start border border-ink text-ink" onClick={() => setPanel('amend')}>{t('leasePanel.amend.open')}</button>
              )}
              {panel === 'amend' && <AmendmentForm lease={lease} lang={lang} t={t} onDone={onChanged} onCancel={() => setPanel(null)} />}
            </section>
          )}
          {!draft && can(role, 'leases.documents') && (
            <section aria-labelledby={`${id}-documents`} className="grid gap-2">
              <h5 id={`${id}-documents`} className="text-sm font-bold text-ink">{t('leasePanel.documents.title')}</h5>
              <LeaseDocument lease={lease} lang={lang} t={t} />
            </section>
          )}
        </>
      )}
      <LeaseHistory leaseId={lease.id} lang={lang} dateFormat={dateFormat} t={t} />
    </article>
  );
}

/** The draft's form with what it needs: every space and every brand (hidden ones too). */
function DraftEditor({ lease, onSave, onDirty, lang, t }: { lease: LeaseRecord; onSave: (fields: LeaseFields) => Promise<LeaseDraftErrors | null>; onDirty: (dirty: boolean) => void; lang: string; t: Translate }) {
  const { data: units, error: unitsError } = useQuery<Unit[]>(['/api/units']);
  const { data: brands, error: brandsError } = useQuery<Brand[]>(['/api/brands', { audience: 'team' }]);
  if (unitsError || brandsError) {
    endSessionIfUnauthorized(unitsError ?? brandsError);
    return <p role="alert" className="text-sm text-danger">{t('leasePanel.section.loadFailed')}</p>;
  }
  if (!units || !brands) return <p className="text-sm text-muted">{t('leasePanel.section.loading')}</p>;
  // A fresh form for every stored version: what was saved (or taken from a colleague) is what it shows.
  return <LeaseDraftForm key={lease.version} lease={lease} units={units} brands={brands} onSave={onSave} onDirty={onDirty} lang={lang} t={t} />;
}
