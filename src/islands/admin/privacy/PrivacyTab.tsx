import { useStore } from '@nanostores/react';
import { LOCALE_TAGS } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import type { PrivacyRequest } from '~/shared/privacy/requests';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { $language } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import RequestCard from './RequestCard';

/**
 * "개인정보 요청" (owner): visitors' confirmed privacy requests, open ones first with their due day (10 days after
 * confirmation; overdue marked). Each action works the address's inquiries, closes the request and mails the outcome.
 */
export default function PrivacyTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const { data, error, refetch } = useQuery<PrivacyRequest[]>(['/api/admin/privacy-requests']);
  const day = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  if (error && endSessionIfUnauthorized(error)) return null;

  return (
    <section aria-labelledby="privacy-requests-title" className="mt-6 grid gap-4">
      <h2 id="privacy-requests-title" className="text-xl font-bold text-ink">{t('privacyRequests.admin.title')}</h2>
      <p className="max-w-3xl text-sm text-ink-soft">{t('privacyRequests.admin.intro')}</p>
      {error && <p role="alert" className="text-danger">{t('privacyRequests.errors.generic')}</p>}
      {data && data.length === 0 && <p className="text-muted">{t('privacyRequests.admin.empty')}</p>}
      <ul className="grid gap-4" aria-label={t('privacyRequests.admin.title')}>
        {data?.map((request) => (
          <li key={request.id} data-testid="privacy-request" className="rounded-xl border border-line bg-white p-4">
            <RequestCard request={request} t={t} day={(at) => day.format(new Date(at))} onDone={refetch} />
          </li>
        ))}
      </ul>
    </section>
  );
}
