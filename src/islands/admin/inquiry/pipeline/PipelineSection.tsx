import { lostReasonLabel } from '~/shared/lost-reasons';
import type { InquirySectionProps } from '../section';
import AssignmentControls from './AssignmentControls';
import StatusButtons from './StatusButtons';

/** Where the inquiry stands: who works it, the day of its next step, its status (and why it was lost). */
export default function PipelineSection({ inquiry, writable, change, t }: InquirySectionProps) {
  return (
    <>
      {writable ? (
        <>
          <AssignmentControls key={`${inquiry.assigneeId}-${inquiry.nextStepOn}`} detail={inquiry} onChange={change} t={t} />
          <StatusButtons current={inquiry.status} name={inquiry.name ?? ''} onChange={(status, extra) => change({ status, ...extra })} t={t} />
        </>
      ) : (
        <p className="text-sm"><strong>{t('team.inbox.assignTo')}:</strong> {inquiry.assignee?.name ?? t('team.inbox.unassigned')}</p>
      )}
      {inquiry.status === 'lost' && inquiry.lostReason && (
        <p className="text-sm" data-testid="inquiry-lost-reason"><strong>{t('lostReasons.label')}:</strong> {lostReasonLabel(t, inquiry.lostReason, inquiry.lostReasonText)}</p>
      )}
    </>
  );
}
