import { lazy } from 'react';
import type { Translate } from '~/i18n/translate';
import type { AdminTab } from './AdminTabs';
import InboxTab from './inbox/InboxTab';
import ScreenBoundary from './ScreenBoundary';

// The inbox is what a sign-in opens, so it comes with the panel; every other tab's code comes when the tab is first
// opened, so the sign-in screen loads only what it shows (`npm run audit`: /admin ≤ 60 KB before any interaction).
const ToursTab = lazy(() => import('./tours/ToursTab'));
const ApprovalsTab = lazy(() => import('./approvals/ApprovalsTab'));
const LeasesTab = lazy(() => import('./leases/LeasesTab'));
const UnitsTab = lazy(() => import('./units/UnitsTab'));
const BrandsTab = lazy(() => import('./brands/BrandsTab'));
const ReportsTab = lazy(() => import('./reports/ReportsTab'));
const TeamTab = lazy(() => import('./team/TeamTab'));
const AuditTab = lazy(() => import('./audit/AuditTab'));
const PrivacyTab = lazy(() => import('./privacy/PrivacyTab'));
const AccountTab = lazy(() => import('./account/AccountTab'));

/** The open tab's content. */
export default function AdminPanel({ tab, t }: { tab: AdminTab; t: Translate }) {
  if (tab === 'inquiries') return <InboxTab t={t} />;
  return (
    <ScreenBoundary key={tab} t={t}>
      <LazyTab tab={tab} t={t} />
    </ScreenBoundary>
  );
}

function LazyTab({ tab, t }: { tab: Exclude<AdminTab, 'inquiries'>; t: Translate }) {
  switch (tab) {
    case 'tours':
      return <ToursTab t={t} />;
    case 'approvals':
      return <ApprovalsTab t={t} />;
    case 'leases':
      return <LeasesTab t={t} />;
    case 'units':
      return <UnitsTab t={t} />;
    case 'brands':
      return <BrandsTab t={t} />;
    case 'reports':
      return <ReportsTab t={t} />;
    case 'team':
      return <TeamTab t={t} />;
    case 'activity':
      return <AuditTab t={t} />;
    case 'privacy':
      return <PrivacyTab t={t} />;
    case 'account':
      return <AccountTab t={t} />;
  }
}
