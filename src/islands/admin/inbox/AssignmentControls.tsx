import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import type { InquiryDetail } from '~/shared/inquiry';
import { useAssignees } from '~/client/hooks/use-assignees';

interface Props {
  detail: InquiryDetail;
  /** Saves the change; resolves true when it was saved. */
  onChange: (patch: { assigneeId?: string | null; nextStepOn?: string | null }) => Promise<boolean>;
  t: Translate;
}

/** Who works the inquiry and the day of its next step; each saved on change, named in the history. */
export default function AssignmentControls({ detail, onChange, t }: Props) {
  const people = useAssignees();
  const [nextStep, setNextStep] = useState(detail.nextStepOn ?? '');
  const known = people.some((person) => person.id === detail.assigneeId);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="grid gap-1 text-sm">
        <span className="font-semibold text-ink">{t('team.inbox.assignTo')}</span>
        <select
          value={detail.assigneeId ?? ''}
          onChange={(e) => void onChange({ assigneeId: e.target.value || null })}
          className="min-h-11 rounded-lg border border-line bg-white px-3"
          data-testid="assignee-select"
        >
          <option value="">{t('team.inbox.unassigned')}</option>
          {!known && detail.assignee && <option value={detail.assignee.id}>{detail.assignee.name}</option>}
          {people.map((person) => <option key={person.id} value={person.id}>{person.name}</option>)}
        </select>
      </label>
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
