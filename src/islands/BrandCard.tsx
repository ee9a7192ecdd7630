import { CARD_MAX_TAGS, localizedBrand, type Brand } from '~/shared/brand';
import { $language } from '~/client/stores';
import type { Translate } from '~/i18n/translate';

interface Props {
  brand: Brand;
  t: Translate;
}

/** One brand, the same on the home strip and in the directory (spec §2 Brands). */
export default function BrandCard({ brand: stored, t }: Props) {
  const brand = localizedBrand(stored, $language.get()); // name and description in the visitor's language
  const { phone, email, website } = brand.contactInfo;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-paper shadow-sm" data-testid="brand-card">
      <div className="relative aspect-[4/3] bg-mist">
        {brand.thumbnail ? (
          <img src={brand.thumbnail} alt={t('brands.card.thumbnailAlt', { name: brand.name })} loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-muted">{t('brands.card.noThumbnail')}</div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${brand.isAvailable ? 'bg-success text-white' : 'bg-ink-soft text-white'}`}>
            {t(brand.isAvailable ? 'brands.status.open' : 'brands.status.comingSoon')}
          </span>
          <span className="rounded-full bg-brass-soft px-2.5 py-0.5 text-xs font-semibold text-brass-strong">
            {t(`brands.category.${brand.category}`)}
          </span>
        </div>
        <h3 className="text-lg font-bold text-ink">{brand.name}</h3>
        <p className="text-sm text-muted">{locationLine(brand, t)}</p>
        {brand.description && <p className="line-clamp-3 text-sm text-ink-soft">{brand.description}</p>}
        {brand.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('brands.card.tags')}>
            {brand.tags.slice(0, CARD_MAX_TAGS).map((tag) => (
              <li key={tag} className="text-xs font-medium text-brass-strong">#{tag}</li>
            ))}
          </ul>
        )}
        {(phone || email || website) && (
          <div className="mt-auto flex flex-wrap gap-2 pt-2">
            {phone && <a className={CONTACT_BUTTON} href={`tel:${phone}`}>{t('brands.card.call')}<span className="sr-only"> {brand.name} {phone}</span></a>}
            {email && <a className={CONTACT_BUTTON} href={`mailto:${email}`}>{t('brands.card.email')}<span className="sr-only"> {brand.name} {email}</span></a>}
            {website && (
              <a className={CONTACT_BUTTON} href={website} target="_blank" rel="noopener">
                {t('brands.card.website')}
                <span className="sr-only"> {brand.name} {t('brands.card.opensInNewTab')}</span>
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

const CONTACT_BUTTON = 'rounded-md border border-line px-3 py-1.5 text-xs font-semibold text-ink hover:border-brass-strong hover:text-brass-strong';

/** Floor label, unit with its suffix, area in parentheses: '1층 101호 (149.88평)'. */
function locationLine(brand: Brand, t: Translate): string {
  const parts = [t(`brands.floor.${brand.floor}`)];
  if (brand.unit) parts.push(t('brands.card.unit', { unit: brand.unit }));
  if (brand.area) parts.push(`(${brand.area})`);
  return parts.join(' ');
}

/** Cards' loading stand-in: grey blocks of the card's shape. */
export function BrandCardSkeleton() {
  return (
    <div className="h-96 animate-pulse rounded-xl bg-line motion-reduce:animate-none" aria-hidden="true" data-testid="brand-skeleton" />
  );
}
