import { wordsOf, type ProposalPageConfig } from './config.ts';
import { endsTheLink, refusalText, wireAnswers } from './answer.ts';
import { downloadPdf, readCurrent } from './link-api.ts';
import { showProposal } from './view.ts';

/** Where the tab keeps the link's secret once it has left the address bar (a reload opens the proposal again). */
const TOKEN_KEY = 'proposal-link';
const TOKEN_PATTERN = /^#([A-Za-z0-9_-]{20,200})$/;

/**
 * The link's secret, from the address's fragment (never sent to a server, never in a referrer). It leaves the
 * address bar and the history at once — a shared screen or a copied address must not carry it — and stays in
 * this tab only, so a reload still opens the proposal.
 */
function takeToken(): string | null {
  const match = location.hash.match(TOKEN_PATTERN);
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  try {
    if (match) sessionStorage.setItem(TOKEN_KEY, match[1]!);
    return match?.[1] ?? sessionStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage refused (a private window's policy): the proposal opens, a reload will ask for the link again.
    return match?.[1] ?? null;
  }
}

function forgetToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The proposal page (issue 39): reads the link's proposal, shows it, and takes the prospect's answer. */
export async function initProposalPage(): Promise<void> {
  const root = document.getElementById('proposal-page');
  if (!root) return;
  const config = JSON.parse(root.dataset.config ?? '{}') as ProposalPageConfig;
  const t = wordsOf(config);
  const status = root.querySelector<HTMLElement>('[data-slot="status"]')!;
  const answered = root.querySelector<HTMLElement>('[data-slot="answered"]')!;
  const finish = (text: string) => {
    root.querySelector<HTMLElement>('#proposal-answer')!.hidden = true;
    answered.textContent = text;
    answered.hidden = false;
    answered.focus();
  };

  const token = takeToken();
  if (!token) {
    status.textContent = t('proposalPage.errors.noToken');
    return;
  }
  try {
    const current = await readCurrent(token);
    if (!current.data) {
      status.textContent = refusalText(current, t);
      // A link that ended is forgotten by the tab; a passing failure (too many, offline) keeps it for a reload.
      if (endsTheLink(current)) forgetToken();
      return;
    }
    const view = current.data;
    showProposal(root, view, config, t);
    status.textContent = '';
    root.querySelector<HTMLElement>('[data-slot="proposal"]')!.hidden = false;
    const pdf = root.querySelector<HTMLButtonElement>('[data-action="pdf"]')!;
    pdf.addEventListener('click', async () => {
      pdf.disabled = true;
      const answer = await downloadPdf(token, view.pdfPath, `B-TOWER-proposal-v${view.version}.pdf`).catch(() => 0);
      pdf.disabled = false;
      if (answer !== 200) status.textContent = t('proposalPage.errors.generic');
    });
    if (view.status === 'sent') wireAnswers({ root, token, view, tag: config.tag, t, finish });
    else finish(t(view.status === 'expired' ? 'proposals.errors.expired' : 'proposals.errors.answered'));
  } catch {
    status.textContent = t('proposalPage.errors.generic');
  }
}
