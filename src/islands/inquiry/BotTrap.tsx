import { useState } from 'react';
import { HONEYPOT_FIELD } from '~/shared/abuse';
import { botTrapFields } from '~/shared/bot-trap';
import type { Translate } from '~/i18n/translate';

/** The earlier of two start times, either possibly unknown. */
const earlier = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * The inquiry form's bot trap: a field people never see (off screen, out of the tab order, hidden from
 * assistive technology) that form-filling bots fill, and how long the visitor has been filling the form in.
 * That time counts from their first keystroke — on this page, or on an earlier one whose draft this page
 * restored (the draft keeps when it was begun) — never from this page's load: a draft brought over by a
 * language switch and sent at once is a person's, not a bot's (issue 38). The server answers a trapped
 * post as if stored and stores nothing (src/server/inquiries/guard.ts).
 * @param typedBeforeHydration the visitor typed before the island woke up: begun no later than the page's load.
 */
export function useBotTrap(t: Translate, typedBeforeHydration: boolean) {
  const [honeypot, setHoneypot] = useState<HTMLInputElement | null>(null);
  // Wall-clock milliseconds (Date.now), so a draft carries it to the next page; null until a first keystroke.
  const [startedAt, setStartedAt] = useState<number | null>(() => (typedBeforeHydration ? Math.round(performance.timeOrigin) : null));
  const trap = (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="inquiry-website">{t('abuse.botTrap.label')}</label>
      <input ref={setHoneypot} id="inquiry-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
  return {
    trap,
    /** When the visitor began this inquiry (kept with the draft), or null. */
    startedAt,
    /** A keystroke in one of the form's fields: the first one starts the clock. */
    typed: () => setStartedAt((old) => old ?? Date.now()),
    /** A restored draft was begun at `at` (unknown for a draft kept before drafts said so: counted from now). */
    restored: (at: number | null) => setStartedAt((old) => earlier(old, at ?? Date.now())),
    /** A sent inquiry: the next one starts its own clock. */
    reset: () => setStartedAt(null),
    fields: () => botTrapFields(honeypot?.value ?? '', startedAt === null ? 0 : Date.now() - startedAt),
  };
}
