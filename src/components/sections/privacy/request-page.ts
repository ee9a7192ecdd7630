import type { LocaleProps } from '~/i18n/routing';
import { useTranslations } from '~/content/dictionaries';

/**
 * What both privacy-request pages (the request and its confirmation) start from: the page's language and texts,
 * the layout's props they share (the request's intro as description, kept out of search engines), and the
 * messages their scripts show, which carry no texts of their own.
 */
export function privacyRequestPage(props: Record<string, unknown>) {
  const { locale } = props as unknown as LocaleProps;
  const t = useTranslations(locale);
  return {
    locale,
    t,
    layout: { locale, description: t('privacyRequests.page.intro'), noindex: true },
    /** The page's own messages and the answers both share: any other failure, too many requests (with the wait: `{minutes}`). */
    messages: (own: Record<string, string>) => ({
      ...own,
      generic: t('privacyRequests.errors.generic'),
      tooMany: t('privacyRequests.errors.tooMany'),
      tooManyWait: t('privacyRequests.errors.tooManyWait', { minutes: '{minutes}' }),
    }),
  };
}
