import { useState } from 'react';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { destroyInquiryNow } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import { can } from '~/shared/roles';
import type { InquirySectionProps } from '../section';
import PrivacyRecord from './PrivacyRecord';
import ConfirmDialog from '../../ConfirmDialog';

/** What the visitor acknowledged and chose, and — for whoever handles privacy — destroying the inquiry now. */
export default function PrivacySection({ inquiry, role, dateFormat, refresh, t }: InquirySectionProps) {
  const [asking, setAsking] = useState(false);
  async function destroyNow() {
    try {
      await destroyInquiryNow(inquiry.id);
      await refresh();
      showToast({ title: t('privacyRequests.destroyedLabel') });
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('privacyRequests.errors.generic'), variant: 'destructive' });
    }
  }
  return (
    <>
      <PrivacyRecord inquiry={inquiry} destroyed={Boolean(inquiry.destroyedAt)} dateFormat={dateFormat} t={t} />
      {can(role, 'privacy.manage') && !inquiry.destroyedAt && (
        <button type="button" className="btn min-h-11 justify-self-start border border-danger text-danger hover:bg-mist" onClick={() => setAsking(true)}>
          {t('privacyRequests.admin.destroyNow')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={t('privacyRequests.admin.destroyConfirmTitle')}
          confirmLabel={t('privacyRequests.admin.destroyNow')}
          cancelLabel={t('privacyRequests.admin.cancel')}
          danger
          testId="destroy-inquiry-confirm"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void destroyNow();
          }}
        >
          <p>{t('privacyRequests.admin.destroyInquiryConfirm')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The line over the whole detail when only anonymous facts remain, or the visitor stopped its processing. */
export function PrivacyState({ inquiry, dateFormat, t }: Pick<InquirySectionProps, 'inquiry' | 'dateFormat' | 't'>) {
  if (!inquiry.destroyedAt && !inquiry.suspendedAt) return null;
  // Why nothing can be done with it: said where the actions would be missing from.
  return (
    <div role="note" className="grid gap-1 rounded-lg bg-mist p-3 text-sm text-ink" data-testid="inquiry-privacy-state">
      <p>
        {inquiry.destroyedAt
          ? t('privacyRequests.admin.destroyedNote', { day: dateFormat.format(new Date(inquiry.destroyedAt)) })
          : t('privacyRequests.admin.suspendedNote', { day: dateFormat.format(new Date(inquiry.suspendedAt!)) })}
      </p>
      <p data-testid="inquiry-no-processing">{t(inquiry.destroyedAt ? 'privacyRequests.noProcessing.destroyed' : 'privacyRequests.noProcessing.suspended')}</p>
    </div>
  );
}
