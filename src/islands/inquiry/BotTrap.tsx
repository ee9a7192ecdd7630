import { useRef } from 'react';
import { HONEYPOT_FIELD } from '~/shared/abuse';
import { botTrapFields } from '~/shared/bot-trap';
import type { Translate } from '~/i18n/translate';

/**
 * The inquiry form's bot trap: a field people never see (off screen, out of the tab order, hidden from
 * assistive technology) that form-filling bots fill, and the time since the page was opened. The
 * server answers a trapped post as if stored and stores nothing (src/server/inquiries/guard.ts).
 */
export function useBotTrap(t: Translate) {
  const honeypot = useRef<HTMLInputElement>(null);
  const trap = (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="inquiry-website">{t('abuse.botTrap.label')}</label>
      <input ref={honeypot} id="inquiry-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
  // performance.now() counts from navigation: a visitor who typed before the island woke up still counts.
  const fields = () => botTrapFields(honeypot.current?.value ?? '', performance.now());
  return { trap, fields };
}
