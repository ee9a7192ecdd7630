import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/content/dictionaries';
import { LOCALES, LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { proposalPageConfig } from '~/components/sections/proposal/proposal-page';
import { refusalText } from '~/scripts/proposal-page/answer';
import { waitText, wordsOf } from '~/scripts/proposal-page/config';
import type { LinkAnswer } from '~/scripts/proposal-page/link-api';

const refusal = (status: number, code?: string, retryAfter?: number): LinkAnswer<unknown> => ({ status, data: null, code, fields: undefined, params: {}, retryAfter });

/** The prospect's page says every refusal in its own language, from the words the page gives its script. */
describe.each(LOCALES)('the proposal page’s refusals in %s', (locale: Locale) => {
  const t = wordsOf(proposalPageConfig(locale));
  const errors = messagesFor(locale);

  it.each([
    ['an unknown or revoked link', refusal(401, 'invalid_link'), 'proposals.errors.linkInvalid'],
    ['a link whose proposal expired', refusal(410, 'proposal_expired'), 'proposals.errors.expired'],
    ['a withdrawn proposal', refusal(410, 'proposal_withdrawn'), 'proposals.errors.withdrawn'],
    ['a version a newer one replaced', refusal(410, 'proposal_superseded'), 'proposals.errors.superseded'],
    ['a link already answered (a second click)', refusal(410, 'proposal_answered'), 'proposals.errors.answered'],
    ['a space another acceptance holds', refusal(409, 'unit_reserved'), 'proposals.errors.unitReserved'],
    ['a 401 with no body', refusal(401), 'proposals.errors.linkInvalid'],
    ['anything else', refusal(500), 'proposalPage.errors.generic'],
  ])('%s', (_, answer, key) => {
    expect(errors[key], key).toBeTruthy();
    expect(refusalText(answer, t)).toBe(errors[key]);
  });

  it('says how long to wait after too many tries, from Retry-After', () => {
    const text = refusalText(refusal(429, 'too_many_requests', 540), t);
    expect(text).toContain(waitText(540, t));
    expect(waitText(540, t)).toContain('9');
    expect(waitText(30, t)).toContain('30');
    expect(text).not.toMatch(/\{|proposal(Page|s)\./);
  });

  it('gives the script no more words than it reads: no mail, PDF or panel texts in the page', () => {
    const words = proposalPageConfig(locale).words;
    expect(Object.keys(words).filter((key) => /^proposals\.(mail|pdf|certificate)\.|^proposalPanel\./.test(key))).toEqual([]);
    expect(proposalPageConfig(locale).tag).toBe(LOCALE_TAGS[locale]);
  });
});
