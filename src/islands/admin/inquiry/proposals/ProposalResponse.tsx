import type { Translate } from '~/i18n/translate';
import type { Proposal, ProposalResponse } from '~/shared/proposals/types';

/**
 * The prospect's answer to a version with its evidence (research/deals.md §4.3): the decision and its time in Korean
 * time and UTC, who signed, why they declined, what their counter asked and which version it made, and the hash of
 * the PDF they were shown. A viewer's copy comes masked from the server (no address, device or message).
 */
export default function ProposalResponseView({ response, all, dateFormat, t }: { response: ProposalResponse; all: readonly Proposal[]; dateFormat: Intl.DateTimeFormat; t: Translate }) {
  const counterVersion = response.counterProposalId ? all.find((proposal) => proposal.id === response.counterProposalId)?.version : undefined;
  const rows: [string, string][] = [
    [t('proposalPanel.response.decision'), t(`proposalPanel.response.decisions.${response.decision}`)],
    [t('proposalPanel.response.at'), `${response.atKst} (KST) · ${dateFormat.format(new Date(response.at))}`],
  ];
  if (response.signerName) rows.push([t('proposalPanel.response.signer'), [response.signerName, response.signerTitle, response.company].filter(Boolean).join(' · ')]);
  if (response.reasonCode) rows.push([t('proposalPanel.response.reason'), t(`proposals.declineReasons.${response.reasonCode}`)]);
  if (response.message) rows.push([t('proposalPanel.response.message'), response.message]);
  if (counterVersion !== undefined) rows.push([t('proposalPanel.response.counterVersion'), t('proposalPanel.timeline.version', { version: counterVersion })]);
  if (response.recipient) rows.push([t('proposalPanel.response.recipient'), `${response.recipient}${response.codeVerified ? ` · ${t('proposalPanel.response.codeVerified')}` : ''}`]);
  if (response.clientAddress) rows.push([t('proposalPanel.response.clientAddress'), response.clientAddress]);
  if (response.userAgent) rows.push([t('proposalPanel.response.userAgent'), response.userAgent]);
  rows.push([t('proposalPanel.response.pdf'), `${response.pdfSha256.slice(0, 16)}… (${t(`inbox.locales.${response.pdfLocale}`)})`]);

  return (
    <div className="grid gap-1 rounded-md border border-line p-2 text-sm" data-testid="proposal-response" data-decision={response.decision}>
      <p className="font-semibold text-ink">{t('proposalPanel.timeline.answer')}</p>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="whitespace-pre-line break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
