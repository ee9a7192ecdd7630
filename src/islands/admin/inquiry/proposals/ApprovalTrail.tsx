import type { Translate } from '~/i18n/translate';
import { formatNumber } from '~/shared/deals/display';
import type { RuleResult } from '~/shared/proposals/approval-rules';
import type { ProposalApproval } from '~/shared/proposals/types';

/** One approval rule as evaluated (proposals.rules.*): what the proposal had against the owner's limit then. */
export function ruleText(rule: RuleResult, lang: string, t: Translate): string {
  const number = (value: unknown) => formatNumber(Number(value), lang);
  if (rule.limit === null) return t('proposals.rules.off', { rule: t(`proposalPanel.rules.names.${rule.rule}`) });
  switch (rule.rule) {
    case 'discount':
      if (rule.value === null) return t('proposals.rules.discountNoAsking');
      return t(rule.hit ? 'proposals.rules.discount' : 'proposals.rules.discountOk', { value: number(rule.value), limit: number(rule.limit) });
    case 'freeRent':
      return t(rule.hit ? 'proposals.rules.freeRent' : 'proposals.rules.freeRentOk', { value: number(rule.value), limit: number(rule.limit) });
    case 'ti':
      return rule.hit ? t('proposals.rules.ti', { value: number(rule.value) }) : t('proposals.rules.tiOk');
    case 'specialTerms':
      return t(rule.hit ? 'proposals.rules.specialTerms' : 'proposals.rules.specialTermsOk');
  }
}

/** The rules of one approval round, those that asked for an owner first and marked as such. */
export function RuleList({ rules, lang, t }: { rules: RuleResult[]; lang: string; t: Translate }) {
  return (
    <ul className="grid gap-0.5 text-sm" data-testid="approval-rules">
      {rules.toSorted((a, b) => Number(b.hit) - Number(a.hit)).map((rule) => (
        <li key={rule.rule} data-rule={rule.rule} data-hit={rule.hit} className={rule.hit ? 'font-semibold text-danger' : 'text-muted'}>
          <span aria-hidden="true">{rule.hit ? '● ' : '○ '}</span>
          {ruleText(rule, lang, t)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A version's approval rounds, oldest first: the rules each was judged on, who decided what when, and why.
 * An automatic approval says it passed every rule.
 */
export default function ApprovalTrail({ approvals, lang, dateFormat, t }: { approvals: ProposalApproval[]; lang: string; dateFormat: Intl.DateTimeFormat; t: Translate }) {
  if (approvals.length === 0) return null;
  return (
    <div className="grid gap-2 text-sm" data-testid="approval-trail">
      <p className="font-semibold text-ink">{t('proposalPanel.timeline.approvals')}</p>
      <ol className="grid gap-2">
        {approvals.map((approval) => (
          <li key={approval.id} className="grid gap-1 rounded-md bg-mist p-2" data-decision={approval.decision ?? 'pending'}>
            <p className="text-ink">
              {approval.decision === null
                ? t('proposalPanel.timeline.waiting', { name: approval.requestedBy?.name ?? '—', at: dateFormat.format(new Date(approval.requestedAt)) })
                : approval.decision === 'auto'
                  ? t('proposals.rules.auto')
                  : t('proposalPanel.decisionBy', {
                      decision: t(`proposalPanel.decisions.${approval.decision}`),
                      name: approval.approver?.name ?? '—',
                      at: dateFormat.format(new Date(approval.decidedAt ?? approval.requestedAt)),
                    })}
            </p>
            {approval.comment && <p className="whitespace-pre-line break-words text-ink">“{approval.comment}”</p>}
            <RuleList rules={approval.rules} lang={lang} t={t} />
          </li>
        ))}
      </ol>
    </div>
  );
}
