import { useRef, type KeyboardEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { can, type Role } from '~/shared/roles';

export const ADMIN_TABS = ['inquiries', 'tours', 'approvals', 'leases', 'brands', 'units', 'reports', 'team', 'activity', 'privacy', 'account'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tabs a role may use (the server checks every call anyway; this only hides). */
export function tabsFor(role: Role | null): AdminTab[] {
  return ADMIN_TABS.filter((tab) => {
    if (tab === 'approvals') return can(role, 'proposals.approve');
    if (tab === 'leases') return can(role, 'leases.read');
    if (tab === 'team') return can(role, 'team.manage');
    if (tab === 'reports') return can(role, 'reports.read');
    if (tab === 'activity') return can(role, 'audit.read');
    if (tab === 'privacy') return can(role, 'privacy.manage');
    if (tab === 'account') return role !== null;
    return true;
  });
}

const LABELS: Record<AdminTab, string> = {
  inquiries: 'admin.tabs.inquiries',
  tours: 'tours.tab',
  approvals: 'proposalPanel.approvals.tab',
  leases: 'leasePanel.tab.label',
  brands: 'admin.tabs.brands',
  units: 'units.admin.tab',
  reports: 'reports.tab',
  team: 'team.tabs.team',
  activity: 'team.tabs.activity',
  privacy: 'privacyRequests.admin.tab',
  account: 'team.tabs.account',
};

/** WAI-ARIA tabs: arrow keys move between them, the active one is the only Tab stop. */
export default function AdminTabs({ tabs, tab, onChange, t }: { tabs: AdminTab[]; tab: AdminTab; onChange: (tab: AdminTab) => void; t: Translate }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(tabs.indexOf(tab) + step) % tabs.length]!;
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label={t('admin.tabs.label')} className="mt-8 flex flex-wrap gap-2 border-b border-line" onKeyDown={onKeyDown}>
      {tabs.map((name) => (
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
          className={`-mb-px min-h-11 border-b-2 px-4 py-2 text-sm font-semibold ${tab === name ? 'border-brass-strong text-ink' : 'border-transparent text-muted hover:text-ink'}`}
        >
          {t(LABELS[name])}
        </button>
      ))}
    </div>
  );
}
