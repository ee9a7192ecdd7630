import { useEffect, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { plural } from '~/i18n/plural';
import { openInquiries } from '~/shared/inquiry';
import { readCounts } from '~/client/inbox/api';

/**
 * An empty "my inquiries" (a new agent's first view): says so, and when unassigned inquiries are waiting, how many,
 * with one click to see them.
 */
export default function MineEmpty({ lang, onShowUnassigned, t }: { lang: Locale; onShowUnassigned: () => void; t: Translate }) {
  const [waiting, setWaiting] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    readCounts({ assignee: 'none' }).then((counts) => live && setWaiting(openInquiries(counts)), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="grid justify-items-start gap-3 rounded-lg border border-line p-4" data-testid="mine-empty">
      <p className="text-ink">{t('team.inbox.mineEmpty')}</p>
      {waiting !== null && waiting > 0 && (
        <>
          <p className="text-sm text-ink-soft" role="status">{plural(t, LOCALE_TAGS[lang], 'team.inbox.unassignedWaiting', waiting)}</p>
          <button type="button" className="btn min-h-11 bg-ink text-white" onClick={onShowUnassigned}>{t('team.inbox.showUnassigned')}</button>
        </>
      )}
    </div>
  );
}
