/**
 * The privacy request page and its confirmation page (issue 24): a plain form posted as JSON, and the link's token
 * read from the address's fragment (never sent to a server log) and confirmed. The texts come from the page
 * (`data-messages`, in its language); no framework, no validation library.
 */

import { retryMinutes } from '~/shared/retry-minutes';

type Messages = Record<string, string>;

const messagesOf = (element: HTMLElement): Messages => JSON.parse(element.dataset.messages ?? '{}') as Messages;

interface Answer {
  status: number;
  /** Seconds to wait, from a 429's Retry-After. */
  retryAfter: number | null;
  data: { status?: string; alreadyConfirmed?: boolean; error?: { code?: string; fields?: Record<string, string> } };
}

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const retryAfter = Number(response.headers.get('Retry-After'));
  return { status: response.status, retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, data: (await response.json().catch(() => ({}))) as Answer['data'] };
}

/** "Too many requests", with the wait in whole minutes when the server said it. */
function tooManyText(messages: Messages, retryAfter: number | null): string {
  if (retryAfter === null || !messages.tooManyWait) return messages.tooMany ?? '';
  return messages.tooManyWait.replace('{minutes}', String(retryMinutes(retryAfter)));
}

export function initPrivacyRequest(): void {
  const form = document.querySelector<HTMLFormElement>('#privacy-request');
  if (!form) return;
  const messages = messagesOf(form);
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const errorFor = (field: string) => form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
  const controlOf = (field: string) => form.querySelector<HTMLInputElement>(field === 'kind' ? 'input[name="kind"]' : `[name="${field}"]`);

  const showErrors = (fields: Record<string, string>) => {
    let first: HTMLInputElement | null = null;
    for (const field of ['kind', 'email', 'details']) {
      const text = fields[field] ? (messages[fields[field]] ?? messages['privacyRequests.errors.invalid']!) : '';
      errorFor(field)!.textContent = text;
      const control = controlOf(field);
      if (field === 'kind') form.querySelectorAll('input[name="kind"]').forEach((radio) => radio.toggleAttribute('aria-invalid', Boolean(text)));
      else control?.toggleAttribute('aria-invalid', Boolean(text));
      if (text && !first) first = control;
    }
    (first as HTMLInputElement | null)?.focus();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const kind = String(data.get('kind') ?? '');
    const details = String(data.get('details') ?? '').trim();
    // What the browser can tell at once; the server checks all of it again.
    const fields: Record<string, string> = {};
    if (!kind) fields.kind = 'privacyRequests.errors.kindInvalid';
    if (!email || !controlOf('email')!.checkValidity()) fields.email = 'privacyRequests.errors.emailInvalid';
    showErrors(fields);
    if (Object.keys(fields).length > 0) return;
    button.disabled = true;
    status.textContent = messages.sending ?? '';
    try {
      const answer = await post('/api/privacy/requests', { email, kind, lang: form.dataset.lang, ...(details ? { details } : {}) });
      if (answer.status === 202) {
        form.reset();
        status.textContent = messages.sent ?? '';
      } else if (answer.status === 400 && answer.data.error?.fields) {
        status.textContent = '';
        showErrors(answer.data.error.fields);
      } else {
        status.textContent = (answer.status === 429 ? tooManyText(messages, answer.retryAfter) : messages.generic) ?? '';
      }
    } catch {
      status.textContent = messages.generic ?? '';
    } finally {
      button.disabled = false;
    }
  });
}

export async function initPrivacyConfirm(): Promise<void> {
  const status = document.querySelector<HTMLElement>('#privacy-confirm');
  if (!status) return;
  const messages = messagesOf(status);
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  // The token leaves the address bar (and the history) at once: it is single-use, and a shared screen should not show it.
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  if (!token) {
    status.textContent = messages.noToken ?? '';
    return;
  }
  try {
    const answer = await post('/api/privacy/requests/confirm', { token });
    let text = messages.generic;
    if (answer.status === 200 && answer.data.alreadyConfirmed) text = answer.data.status === 'closed' ? messages.alreadyClosed : messages.alreadyOpen;
    else if (answer.status === 200) text = answer.data.status === 'closed' ? messages.closed : messages.open;
    else if (answer.status === 429) text = tooManyText(messages, answer.retryAfter);
    else if (answer.data.error?.code === 'invalid_token') text = messages.invalid_token;
    status.textContent = text ?? '';
  } catch {
    status.textContent = messages.generic ?? '';
  }
}
