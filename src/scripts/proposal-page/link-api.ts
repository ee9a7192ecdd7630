import type { InferInput } from 'valibot';
import type { AnswerSchema } from '../../shared/proposals/schemas.ts';
import type { PublicProposal } from '../../shared/proposals/types.ts';

/**
 * The prospect's side of the proposal API (docs/api/proposals.md): every call carries the link's secret as a
 * bearer token, never in the address (it would reach server logs and, on a link out, a referrer). Types only are
 * imported from the shared modules: the page's script carries no validation library.
 */

export type ProposalLinkView = PublicProposal;

export interface LinkAnswer<T> {
  status: number;
  data: T | null;
  code: string | undefined;
  /** A 400's messages by field (dictionary keys). */
  fields: Record<string, string> | undefined;
  /** The error's figures its messages name (a wrong code's `attemptsLeft`). */
  params: Record<string, string | number>;
  /** Seconds from Retry-After (a 429). */
  retryAfter: number | undefined;
}

async function call<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<LinkAnswer<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', referrerPolicy: 'no-referrer' });
  const json = (await response.json().catch(() => null)) as (T & { error?: { code?: string; fields?: Record<string, string> } & Record<string, unknown> }) | null;
  const retry = Number(response.headers.get('Retry-After'));
  return {
    status: response.status,
    data: response.ok ? json : null,
    code: response.ok ? undefined : json?.error?.code,
    fields: response.ok ? undefined : json?.error?.fields,
    params: Object.fromEntries(Object.entries(json?.error ?? {}).filter((entry): entry is [string, string | number] => typeof entry[1] === 'number' || typeof entry[1] === 'string')),
    retryAfter: response.headers.has('Retry-After') && Number.isFinite(retry) ? retry : undefined,
  };
}

export const readCurrent = (token: string) => call<ProposalLinkView>(token, 'GET', '/api/proposal-links/current');

/** Mails a 6-digit code to the invited address. */
export const requestCode = (token: string) => call<{ sentTo?: string }>(token, 'POST', '/api/proposal-links/code', {});

/** The answer as the server's AnswerSchema takes it (the page checks what it can first; the server checks all). */
export type AnswerBody = InferInput<typeof AnswerSchema>;

export const sendAnswer = (token: string, body: AnswerBody) => call<{ status: string }>(token, 'POST', '/api/proposal-links/answer', body);

/** The PDF the prospect was sent, fetched with the token (a plain link cannot carry it) and saved under the server's name. */
export async function downloadPdf(token: string, path: string, fallbackName: string): Promise<number> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (!response.ok) return response.status;
  const name = response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return response.status;
}
