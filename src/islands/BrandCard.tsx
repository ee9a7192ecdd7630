import { memo } from 'react';
import { brandStatus, brandTags, brandText, CARD_MAX_TAGS } from '~/shared/brand-basics';
import type { Brand } from '~/shared/brand';
import { responsiveImage } from '~/shared/image-url';
import { $language } from '~/client/stores';
import { LOCALE_TAGS, localizePath } from '~/i18n/locales';
import { brandPath } from '~/shared/share-paths';
import type { Translate } from '~/i18n/translate';
import { spaceName } from '~/shared/units/space-name';

/** How soon the card's picture loads: the first one on screen first, the rest of the first row eagerly, others when near. */
export type ImagePriority = 'high' | 'eager' | 'lazy';

interface Props {
  brand: Brand;
  t: Translate;
  imagePriority?: ImagePriority;
}

/** The brand's texts as the card shows them: the visitor's language, Korean where none was given. */
function cardTexts(brand: Brand): { name: string; description: string | null } {
  return brandText(brand, $language.get());
}

/**
 * One brand, the same on the home strip and in the directory (spec §2 Brands). Memoised: the directory adds
 * its cards a few at a time, and a card already built is not rendered again for each batch.
 */
export default memo(function BrandCard({ brand, t, imagePriority = 'lazy' }: Props) {
  const { phone, email, website } = brand.contactInfo;
  const { name, description } = cardTexts(brand);
  const tags = brandTags(brand, $language.get());
  const image = brand.thumbnail ? responsiveImage(brand.thumbnail) : null;
  const status = brandStatus(brand, LOCALE_TAGS[$language.get()]);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-paper shadow-sm" data-testid="brand-card">
      {/* The grey 4:3 box is the placeholder: it holds the picture's place until it arrives. The picture fills
          it whatever its own shape (a small square photo is not enlarged to 4:3 by the CDN), so cards line up. */}
      <div className="relative aspect-[4/3] overflow-hidden bg-mist">
        {image ? (
          <img
            loading={imagePriority === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={imagePriority === 'high' ? 'high' : undefined}
            decoding="async"
            sizes={image.sizes || undefined}
            srcSet={image.srcSet || undefined}
            src={image.src}
            width={image.width}
            height={image.height}
            alt={t('brands.card.thumbnailAlt', { name })}
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 flex items-center justify-center text-sm text-muted">{t('brands.card.noThumbnail')}</div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.open ? 'bg-success text-white' : 'bg-ink-soft text-white'}`} data-brand-status>
            {t(status.key, status.params)}
          </span>
          <span className="rounded-full bg-brass-soft px-2.5 py-0.5 text-xs font-semibold text-brass-strong">
            {t(`brands.category.${brand.category}`)}
          </span>
        </div>
        <h3 className="text-lg font-bold text-ink">
          {brand.slug ? (
            // The brand's own page: the address to share, and where search engines find it.
            <a href={localizePath($language.get(), brandPath(brand.slug))} className="underline decoration-line underline-offset-4 hover:text-brass-strong hover:decoration-brass-strong" data-brand-link>
              {name}
            </a>
          ) : (
            name
          )}
        </h3>
        <p className="text-sm text-muted">{locationLine(brand, t)}</p>
        {description && <p className="line-clamp-3 text-sm text-ink-soft">{description}</p>}
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('brands.card.tags')}>
            {tags.slice(0, CARD_MAX_TAGS).map((tag) => (
              <li key={tag} className="text-xs font-medium text-brass-strong">#{tag}</li>
            ))}
          </ul>
        )}
        {(phone || email || website) && (
          <div className="mt-auto flex flex-col gap-2 pt-2">
            {(phone || email) && (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {phone && (
                  <>
                    <dt className="text-muted">{t('brands.card.phoneLabel')}</dt>
                    <dd><a className={CONTACT_LINK} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a></dd>
                  </>
                )}
                {email && (
                  <>
                    <dt className="text-muted">{t('brands.card.emailLabel')}</dt>
                    <dd className="min-w-0"><a className={`${CONTACT_LINK} break-all`} href={`mailto:${email}`}>{email}</a></dd>
                  </>
                )}
              </dl>
            )}
            {website && (
              <a className={`${CONTACT_BUTTON} self-start`} href={website} target="_blank" rel="noopener">
                {t('brands.card.website')}
                <span className="sr-only"> {name} {t('brands.card.opensInNewTab')}</span>
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  );
});

const CONTACT_BUTTON = 'rounded-md border border-line px-3 py-1.5 text-xs font-semibold text-ink hover:border-brass-strong hover:text-brass-strong';
/** Phone and e-mail as readable links; the padding keeps a comfortable touch target. */
const CONTACT_LINK = 'inline-block py-1 font-medium text-ink underline decoration-line underline-offset-2 hover:text-brass-strong';

/** Floor label, unit with its suffix, area in parentheses: '1층 101호 (149.88평)'. */
function locationLine(brand: Brand, t: Translate): string {
  // A unit is a space, written as every space is ("1층 101호", "Floor 1, Unit 101"); a floor alone, as the filter names it.
  const parts = [brand.unit ? spaceName(t, { floor: brand.floor, unitNumber: brand.unit }) : t(`brands.floor.${brand.floor}`)];
  if (brand.area) parts.push(`(${brand.area})`);
  return parts.join(' ');
}

/**
 * Cards' loading stand-in: a card's shape in grey, its picture box on top. Given `pictureId`, the box holds
 * a hidden picture that the /brands page script shows as soon as the list arrives, before this island has
 * loaded (src/scripts/directory-first-picture.ts); the card then takes its place with the same picture.
 */
export function BrandCardSkeleton({ pictureId }: { pictureId?: string }) {
  return (
    <div className="flex h-96 flex-col overflow-hidden rounded-xl border border-line" aria-hidden="true" data-testid="brand-skeleton">
      <div className="relative aspect-[4/3] overflow-hidden bg-mist">
        {/* Sized by its box, like the card's picture. */}
        {pictureId && <img id={pictureId} hidden alt="" className="absolute inset-0 h-full w-full object-cover" />}
      </div>
      <div className="flex-1 animate-pulse bg-line motion-reduce:animate-none" />
    </div>
  );
}
