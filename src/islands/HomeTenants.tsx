import { byNewest, HOME_BRAND_COUNT } from '~/shared/brand-basics';
import type { Brand } from '~/shared/brand';
import type { Locale } from '~/i18n/locales';
import type { Messages } from '~/i18n/translate';
import { useQuery } from '~/client/hooks/use-query';
import { useTranslator } from '~/client/hooks/use-translator';
import BrandCard, { BrandCardSkeleton } from './BrandCard';

interface Props {
  locale: Locale;
  messages: Messages;
  brandsHref: string;
  contactHref: string;
}

const INVITATION_POINTS = ['location', 'customers', 'infrastructure'] as const;

/** The home page's newest brands: placeholders, then up to 3 cards or an invitation to lease. */
export default function HomeTenants({ locale, messages, brandsHref, contactHref }: Props) {
  const t = useTranslator(locale, messages);
  // Only the three cards it shows, not the whole directory.
  const { data, error } = useQuery<Brand[]>(['/api/brands', { limit: HOME_BRAND_COUNT }]);

  if (error) return <p className="mt-10 text-center text-muted" role="status">{t('tenants.loadFailed')}</p>;
  if (!data) {
    return (
      <div className="mt-10 grid gap-6 md:grid-cols-3" aria-busy="true">
        {Array.from({ length: HOME_BRAND_COUNT }, (_, i) => <BrandCardSkeleton key={i} />)}
        <span className="sr-only">{t('tenants.loading')}</span>
      </div>
    );
  }
  if (data.length === 0) {
    return (
      <div className="mt-10 rounded-2xl bg-night p-8 text-white sm:p-12">
        <h3 className="text-2xl font-bold">{t('tenants.invitation.title')}</h3>
        <p className="mt-3 text-white/85">{t('tenants.invitation.text')}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {INVITATION_POINTS.map((point) => (
            <li key={point} className="border-l-2 border-brass pl-4">
              <p className="font-semibold">{t(`tenants.invitation.${point}.title`)}</p>
              <p className="mt-1 text-sm text-white/80">{t(`tenants.invitation.${point}.text`)}</p>
            </li>
          ))}
        </ul>
        <a href={contactHref} className="btn-primary mt-8">{t('tenants.invitation.cta')}</a>
      </div>
    );
  }
  const newest = data.toSorted(byNewest).slice(0, HOME_BRAND_COUNT);
  return (
    <>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {newest.map((brand) => <li key={brand.id}><BrandCard brand={brand} t={t} /></li>)}
      </ul>
      <div className="mt-10 text-center">
        <a href={brandsHref} className="btn-primary">{t('tenants.viewAll')}</a>
      </div>
    </>
  );
}
