import { Component, Suspense, type ReactNode } from 'react';
import type { Translate } from '~/i18n/translate';

interface Props {
  t: Translate;
  children: ReactNode;
}

/**
 * Around a screen whose code comes on first use (a tab other than the inbox, a mailed link's card, the second
 * factor's set-up): a line says it is coming, and when it cannot come (offline, or a new release replaced the files
 * this page was built with) the panel stays and says to reload, instead of going blank. A failed import stays
 * failed in React's cache, so reloading is the way back.
 */
export default class ScreenBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    const { t, children } = this.props;
    if (this.state.failed) {
      return (
        <div role="alert" className="grid justify-items-start gap-3" data-testid="screen-failed">
          <p className="text-danger">{t('admin.screenFailed')}</p>
          <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => location.reload()}>{t('admin.reload')}</button>
        </div>
      );
    }
    return <Suspense fallback={<p className="text-muted">{t('admin.screenLoading')}</p>}>{children}</Suspense>;
  }
}
