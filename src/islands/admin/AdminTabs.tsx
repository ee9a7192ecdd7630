import { useRef, type KeyboardEvent } from 'react';
import type { Translate } from '~/i18n/translate';

export const ADMIN_TABS = ['inquiries', 'brands', 'units'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** WAI-ARIA tabs: arrow keys move between them, the active one is the only Tab stop. */
export default function AdminTabs({ tab, onChange, t }: { tab: AdminTab; onChange: (tab: AdminTab) => void; t: Translate }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = ADMIN_TABS[(ADMIN_TABS.indexOf(tab) + 1) % ADMIN_TABS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label={t('admin.tabs.label')} className="mt-8 flex gap-2 border-b border-line" onKeyDown={onKeyDown}>
      {ADMIN_TABS.map((name) => (
        <button
          key={name}
          ref={(el) => {
            refs.current[name] = el;
          }}
          id={`admin-tab-${name}`}
          type="button"
          role="tab"
          aria-selected={tab === name}
          aria-controls={`admin-panel-${name}`}
          tabIndex={tab === name ? 0 : -1}
          onClick={() => onChange(name)}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === name ? 'border-brass-strong text-ink' : 'border-transparent text-muted hover:text-ink'}`}
        >
          {t(name === 'units' ? 'units.admin.tab' : `admin.tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
