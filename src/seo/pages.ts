import type { Locale } from '../i18n/locales.ts';
import { NAV_ITEMS } from '../navigation.ts';

/**
 * The public pages search engines index, each with its own title, description and share image.
 * The key names the page's texts in content/i18n/<locale>/meta.json (`meta.pages.<key>.*`).
 */
export const SEO_PAGES = NAV_ITEMS.map(({ path }) => pageKey(path));

type NavPath = (typeof NAV_ITEMS)[number]['path'];
type PageOf<TPath> = TPath extends '/' ? 'home' : TPath extends `/${infer Name}` ? Name : never;
/** 'home' | 'about' | … | 'contact' */
export type SeoPage = PageOf<NavPath>;

/** Every share image is drawn at the size Open Graph and Twitter cards show best. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The share image of pages without their own (admin, 404); the same size as the others. */
export const DEFAULT_SHARE_IMAGE = '/og/b-tower.png';

function pageKey(path: NavPath): SeoPage {
  return (path === '/' ? 'home' : path.slice(1)) as SeoPage;
}

/**
 * The SEO page a locale-free path belongs to, if it is one.
 * @example seoPageOf('/floors') // 'floors'; seoPageOf('/admin') // undefined
 */
export function seoPageOf(path: string): SeoPage | undefined {
  const item = NAV_ITEMS.find((nav) => nav.path === path);
  return item && pageKey(item.path);
}

/**
 * Where a page's share image is served: one per page and language, since its title is drawn on it.
 * @example shareImagePath('floors', 'ja') // '/og/floors-ja.png'
 */
export function shareImagePath(page: SeoPage, locale: Locale): string {
  return `/og/${page}-${locale}.png`;
}
