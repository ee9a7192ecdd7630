import { lazy, Suspense } from 'react';
import type { Translate } from '~/i18n/translate';
import type { AdminTab } from './AdminTabs';
import InboxTab from './inbox/InboxTab';
import BrandsTab from './BrandsTab';
import UnitsTab from './UnitsTab';
import TeamTab from './team/TeamTab';
import AuditTab from './audit/AuditTab';
import AccountTab from './account/AccountTab';
import ToursTab from './tours/ToursTab';

/** The reports' charts and tables load only when their tab opens (issue 27: the panel's own code stays as it was). */
const ReportsTab = lazy(() => import('./reports/ReportsTab'));
import PrivacyTab from './privacy/PrivacyTab';

/** The open tab's content. */
export default function AdminPanel({ tab, t }: { tab: AdminTab; t: Translate }) {
  switch (tab) {
    case 'inquiries':
      return <InboxTab t={t} />;
    case 'tours':
      return <ToursTab t={t} />;
    case 'units':
      return <UnitsTab t={t} />;
    case 'brands':
      return <BrandsTab t={t} />;
    case 'reports':
      return (
        <Suspense fallback={<p className="text-muted">{t('reports.loading')}</p>}>
          <ReportsTab t={t} />
        </Suspense>
      );
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
