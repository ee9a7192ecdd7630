import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import type { InquiryDetail } from '~/shared/inquiry';
import PersonSelect from '../../PersonSelect';

interface Props {
  detail: InquiryDetail;
  /** Saves the change; resolves true when it was saved. */
  onChange: (patch: { assigneeId?: string | null; nextStepOn?: string | null }) => Promise<boolean>;
  t: Translate;
}

/** Who works the inquiry and the day of its next step; each saved on change, named in the history. */
export default function AssignmentControls({ detail, onChange, t }: Props) {
  const [nextStep, setNextStep] = useState(detail.nextStepOn ?? '');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PersonSelect
        label={t('team.inbox.assignTo')}
        empty={t('team.inbox.unassigned')}
        value={detail.assigneeId ?? ''}
        onChange={(value) => void onChange({ assigneeId: value || null })}
        former={detail.assignee}
        testId="assignee-select"
      />
      <label className="grid gap-1 text-sm">
        <span className="font-semibold text-ink">{t('team.inbox.nextStep')}</span>
        <input
          type="date"
          value={nextStep}
          onChange={(e) => setNextStep(e.target.value)}
          onBlur={() => nextStep !== (detail.nextStepOn ?? '') && void onChange({ nextStepOn: nextStep || null })}
          className="min-h-11 rounded-lg border border-line bg-white px-3"
        />
      </label>
    </div>
  );
}
