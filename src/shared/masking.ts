import type { Inquiry, InquiryDetail, InquiryHistoryEntry } from './inquiry.ts';

/**
 * What a viewer sees of a visitor (issue 25, "no more than the role needs"): the server masks every inquiry
 * answer a viewer gets (list, search, detail); agents and owners read it in full. One set of rules, here.
 */
export const MASK = '*';

/** Hangul, CJK ideographs and kana: names written without spaces, one syllable a letter. */
const EAST_ASIAN = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af]/u;

/**
 * A name with its middle hidden, never its length beyond a word's:
 * - written in Hangul/CJK (one word): two letters keep the first (홍*), three or more keep the first and the
 *   last (홍*동, 남**수), one letter is hidden whole;
 * - written in words (Latin and others): each word keeps its first letter and hides the rest (John Smith →
 *   J*** S****); a one-letter word is hidden whole.
 * @example maskName('홍길동') // '홍*동'
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 1 && EAST_ASIAN.test(words[0]!)) {
    const letters = [...words[0]!];
    if (letters.length <= 1) return MASK;
    if (letters.length === 2) return `${letters[0]}${MASK}`;
    return `${letters[0]}${MASK.repeat(letters.length - 2)}${letters.at(-1)}`;
  }
  return words
    .map((word) => {
      const letters = [...word];
      return letters.length <= 1 ? MASK : `${letters[0]}${MASK.repeat(letters.length - 1)}`;
    })
    .join(' ');
}

/**
 * A phone number with only its first three and last four digits shown, separators kept: 010-****-5678. A
 * number of fewer than eight digits shows only its last two.
 * @example maskPhone('010-1234-5678') // '010-****-5678'
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').length;
  const [head, tail] = digits >= 8 ? [3, 4] : [0, 2];
  let seen = 0;
  return phone.replace(/\d/g, (digit) => {
    seen += 1;
    return seen <= head || seen > digits - tail ? digit : MASK;
  });
}

/**
 * An e-mail address with its local part reduced to the first letter and three stars (whatever its length);
 * the domain stays (it names a company's mail, not a person).
 * @example maskEmail('kim.minsu@example.com') // 'k***@example.com'
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK.repeat(3);
  return `${[...email.slice(0, at)][0]}${MASK.repeat(3)}${email.slice(at)}`;
}

/**
 * A company: its first letter and three stars (a small company's name can name its owner).
 * @example maskCompany('비타워상사') // '비***'
 */
export function maskCompany(company: string): string {
  const first = [...company.trim()][0];
  return first ? `${first}${MASK.repeat(3)}` : '';
}

/** A masked inquiry: personal values masked, no message, no attachment paths (only their number). */
export type MaskedInquiry = Omit<Inquiry, 'message' | 'attachments'> & { message?: undefined; attachments: string[]; attachmentCount: number; masked: true };

/**
 * An inquiry as a viewer gets it: name, phone, e-mail and company masked; the message, the attachments'
 * paths (they carry file names), the words of an "other" lost reason and the source's referrer (free text and
 * addresses that can name the person) left out. What it is about (space, floors, area, use, dates, status) stays whole.
 */
export function maskInquiry(inquiry: Inquiry): MaskedInquiry {
  const { message: _message, attachments, ...rest } = inquiry;
  return {
    ...rest,
    // A destroyed inquiry (issue 24) has nothing left to mask.
    name: inquiry.name === null ? null : maskName(inquiry.name),
    phone: inquiry.phone === null ? null : maskPhone(inquiry.phone),
    email: inquiry.email === null ? null : maskEmail(inquiry.email),
    company: inquiry.company === null ? null : maskCompany(inquiry.company),
    // The reason's code is a fact of the deal; "other"'s words are free text that can name the person.
    lostReasonText: null,
    source: inquiry.source ? { ...inquiry.source, referrer: null } : null,
    attachments: [],
    attachmentCount: attachments.length,
    masked: true,
  };
}

/** A history entry as a viewer gets it: what happened, who did it and why it was lost, not the words of a note or of "other". */
export function maskHistoryEntry(entry: InquiryHistoryEntry): InquiryHistoryEntry & { noteHidden?: true } {
  const { note, lostReasonText: _lostReasonText, ...rest } = entry;
  return note ? { ...rest, noteHidden: true } : rest;
}

/** The detail as a viewer gets it: the inquiry masked, the history without its texts. */
export function maskInquiryDetail(detail: InquiryDetail): MaskedInquiry & { history: (InquiryHistoryEntry & { noteHidden?: true })[] } {
  return { ...maskInquiry(detail), history: detail.history.map(maskHistoryEntry) };
}

/**
 * A tour as a viewer gets it (issue 25): the prospect's company masked like the inquiry's, and the staff's free
 * texts about the visit (which can name or describe the person) left out. When, where, who hosts and what it
 * came to stay whole.
 */
export function maskTour<T extends { name: string | null; company: string | null; messageToProspect: string | null; internalNotes: string | null; feedback: string | null; nextStep: string | null; cancelReason: string | null }>(tour: T): T & { masked: true } {
  return {
    ...tour,
    name: tour.name === null ? null : maskName(tour.name),
    company: tour.company === null ? null : maskCompany(tour.company),
    messageToProspect: null,
    internalNotes: null,
    feedback: null,
    nextStep: null,
    cancelReason: null,
    masked: true,
  };
}
