import { termText } from '../../shared/deals/display.ts';
import { waitText, type Words } from './config.ts';
import { shownTerms } from './view.ts';
import { requestCode, sendAnswer, type AnswerBody, type LinkAnswer, type ProposalLinkView } from './link-api.ts';

/** The server's codes (docs/api/proposals.md) and the words that say them (proposals.errors.*). */
const CODE_WORDS: Record<string, string> = {
  invalid_link: 'linkInvalid',
  proposal_expired: 'expired',
  proposal_withdrawn: 'withdrawn',
  proposal_superseded: 'superseded',
  proposal_answered: 'answered',
  unit_reserved: 'unitReserved',
  unit_leased: 'unitLeased',
};
/** Codes that end the conversation on this link: nothing more can be answered on it. */
const FINAL_CODES = new Set(['invalid_link', 'proposal_expired', 'proposal_withdrawn', 'proposal_superseded', 'proposal_answered']);

/** A refusal's code: the server's, or what its status means when it gave none. */
function refusalCode(answer: LinkAnswer<unknown>): string {
  if (answer.status === 429) return 'tooMany';
  return answer.code ?? (answer.status === 401 ? 'invalid_link' : answer.status === 410 ? 'proposal_expired' : 'generic');
}

/** What a refused call says, in the page's language. */
export function refusalText(answer: LinkAnswer<unknown>, t: Words): string {
  const code = refusalCode(answer);
  if (code === 'tooMany') return t('proposalPage.errors.tooMany', { wait: waitText(answer.retryAfter ?? 60, t) });
  return CODE_WORDS[code] ? t(`proposals.errors.${CODE_WORDS[code]}`) : t('proposalPage.errors.generic');
}

/** Whether the link can take no answer any more (unknown, expired, withdrawn, replaced, answered). */
export const endsTheLink = (answer: LinkAnswer<unknown>) => FINAL_CODES.has(refusalCode(answer));

interface Parts {
  root: HTMLElement;
  token: string;
  view: ProposalLinkView;
  /** BCP 47 tag of the page's language. */
  tag: string;
  t: Words;
  /** Shows the final words (answered, expired, revoked) in place of the form. */
  finish: (text: string) => void;
}

/** The counter's fields and the terms they change, in the form's order. */
const COUNTER_FIELDS = [['rentPerM2Krw', 'rentPerM2Krw'], ['freeRentMonths', 'freeRent'], ['fitoutMonths', 'fitoutMonths'], ['termMonths', 'termMonths'], ['startDate', 'startDate']] as const;

/** Digits only (thousands separators allowed): a whole number, null when empty, NaN otherwise. */
const wholeNumber = (text: string) => {
  const clean = text.replace(/[\s,]/g, '');
  return clean === '' ? null : /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
};

type Decision = AnswerBody['decision'];

/**
 * The answer form (accept with the mailed code, counter with structured changes and the code, decline with a
 * reason): plain HTML in the page; the choice shows its parts. It sends once at a time (a second click waits for
 * the first answer) and says every refusal beside its field or in the status line, in the page's language.
 */
export function wireAnswers({ root, token, view, tag, t, finish }: Parts): void {
  const section = root.querySelector<HTMLElement>('#proposal-answer')!;
  const form = section.querySelector<HTMLFormElement>('form')!;
  const status = form.querySelector<HTMLElement>('[data-slot="answer-status"]')!;
  const codeStatus = form.querySelector<HTMLElement>('[data-slot="code-status"]')!;
  const codeButton = form.querySelector<HTMLButtonElement>('[data-action="code"]')!;
  let decision: Decision | null = null;
  let busy = false;
  section.hidden = false;

  form.querySelector<HTMLElement>('[data-slot="code-intro"]')!.textContent = t('proposalPage.codeIntro', { email: view.recipient });
  for (const [name, term] of COUNTER_FIELDS) form.querySelector<HTMLElement>(`[data-now="${name}"]`)!.textContent = t('proposalPage.counterNow', { value: termText(term, shownTerms(view), tag, t) });

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name !== 'decision') return;
    decision = target.value as Decision;
    for (const part of form.querySelectorAll<HTMLElement>('[data-for]')) part.hidden = !part.dataset.for!.split(' ').includes(decision);
    status.textContent = '';
  });

  codeButton.addEventListener('click', async () => {
    if (busy) return;
    busy = codeButton.disabled = true;
    try {
      const answer = await requestCode(token);
      if (answer.data) codeStatus.textContent = t('proposalPage.codeSent', { email: answer.data.sentTo ?? view.recipient });
      else refused(answer, codeStatus);
    } catch {
      codeStatus.textContent = t('proposalPage.errors.generic');
    } finally {
      busy = codeButton.disabled = false;
    }
  });

  /** A refusal: the link's end, or the message beside the field it concerns (with its figures), or in `line`. */
  function refused(answer: LinkAnswer<unknown>, line: HTMLElement) {
    if (endsTheLink(answer)) return finish(refusalText(answer, t));
    if (!answer.fields) {
      line.textContent = refusalText(answer, t);
      return;
    }
    // Beside the field a message names; one about no field of the form (the spaces held) in the status line.
    const messages = Object.entries(answer.fields).map(([name, key]) => [fieldName(name), t(key, answer.params)] as const);
    const beside = messages.filter(([name]) => form.querySelector(`[data-error-for="${name}"]`));
    fieldErrors(form, Object.fromEntries(beside));
    line.textContent = messages.filter((message) => !beside.includes(message)).map(([, text]) => text).join(' ');
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const body = decision ? bodyOf(decision, new FormData(form)) : null;
    if (!decision) fieldErrors(form, { decision: t('proposalPage.errors.chooseAnswer') });
    if (!body) return;
    const button = form.querySelector<HTMLButtonElement>(`button[type="submit"][data-for="${decision}"]`)!;
    busy = button.disabled = true;
    status.textContent = t('proposalPage.sending');
    try {
      const answer = await sendAnswer(token, body);
      if (answer.data) return finish(t(`proposalPage.done.${decision}`));
      status.textContent = '';
      refused(answer, status);
    } catch {
      status.textContent = t('proposalPage.errors.generic');
    } finally {
      busy = button.disabled = false;
    }
  });

  /** The answer's body, or null after showing what to fix (the server checks all of it again). */
  function bodyOf(chosen: Decision, data: FormData): AnswerBody | null {
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const errors: Record<string, string> = {};
    const message = value('message');
    if (chosen === 'decline') {
      if (!value('reasonCode')) errors.reasonCode = t('proposals.errors.reasonRequired');
      else if (value('reasonCode') === 'other' && !message) errors.message = t('proposals.errors.reasonTextRequired');
      // The list's codes are the page's own radio values; the server checks them against DECLINE_REASONS.
      return fieldErrors(form, errors) ? null : { decision: 'decline', reasonCode: value('reasonCode') as Extract<AnswerBody, { decision: 'decline' }>['reasonCode'], message };
    }
    if (!/^\d{6}$/.test(value('code'))) errors.code = t(value('code') ? 'proposals.errors.codeInvalid' : 'proposals.errors.codeRequired');
    if (!value('signerName')) errors.signerName = t('proposals.errors.signerNameRequired');
    const signer = { code: value('code'), signerName: value('signerName'), signerTitle: value('signerTitle'), company: value('company') };
    if (chosen === 'accept') {
      if (!data.get('consent')) errors.consent = t('proposals.errors.consentRequired');
      // The version whose words the box showed (its value); the server refuses one it never published.
      return fieldErrors(form, errors) ? null : { decision: 'accept', ...signer, consent: true, consentVersion: value('consent') as Extract<AnswerBody, { decision: 'accept' }>['consentVersion'] };
    }
    const counter: Extract<AnswerBody, { decision: 'counter' }>['counter'] = {};
    for (const [name] of COUNTER_FIELDS) {
      if (name === 'startDate') {
        if (value(name)) counter.startDate = value(name);
        continue;
      }
      const number = wholeNumber(value(name));
      if (number === null) continue;
      if (!Number.isSafeInteger(number)) errors[name] = t(`proposals.errors.${COUNTER_MESSAGES[name]}`);
      else if (name === 'freeRentMonths') counter.freeRent = { basis: view.terms.freeRent.basis, months: number };
      else counter[name] = number;
    }
    if (Object.keys(counter).length === 0 && !errors.rentPerM2Krw) errors.rentPerM2Krw = t('proposals.errors.counterEmpty');
    return fieldErrors(form, errors) ? null : { decision: 'counter', ...signer, counter, message };
  }
}

const COUNTER_MESSAGES = { rentPerM2Krw: 'counterRentInvalid', freeRentMonths: 'counterFreeRentInvalid', fitoutMonths: 'counterFitoutInvalid', termMonths: 'counterTermInvalid' } as const;

/** The form field a server's field path names: `counter.freeRent.months` is the free months' box. */
function fieldName(path: string): string {
  if (path.startsWith('counter.freeRent')) return 'freeRentMonths';
  if (path === 'counter') return 'rentPerM2Krw';
  return path.replace(/^counter\./, '').replace(/^consentVersion$/, 'consent');
}

/**
 * Writes each field's message beside it (or clears it), marks the field invalid, and takes the person to the first
 * field with one. True when there was any.
 */
function fieldErrors(form: HTMLFormElement, errors: Record<string, string>): boolean {
  let first: HTMLElement | null = null;
  for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    const name = slot.dataset.errorFor!;
    const text = errors[name] ?? '';
    slot.textContent = text;
    const control = form.querySelector<HTMLElement>(`[name="${name}"]`);
    control?.toggleAttribute('aria-invalid', Boolean(text));
    if (text && !first) first = control;
  }
  (first as HTMLElement | null)?.focus();
  return Object.values(errors).some(Boolean);
}
