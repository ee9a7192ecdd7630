import { GITHUB_BRANCH, GITHUB_REPO, onLocalServer } from './site.ts';
import { cmsTexts, editorLocale } from './texts.ts';
import { LOCALE_TAGS } from '../i18n/locales.ts';

const paragraph = (text: string) => Object.assign(document.createElement('p'), { textContent: text });

/**
 * The band above the CMS (src/cms/index.html's header): what this page is, which mode it is in, and how to use
 * it, in the editor's language (issue 28). On a phone the how-to starts folded.
 */
export function showIntroduction(): void {
  const header = document.querySelector<HTMLElement>('#cms-intro');
  if (!header) return;
  const locale = editorLocale();
  const t = cmsTexts(locale);
  const local = onLocalServer();
  document.documentElement.lang = LOCALE_TAGS[locale];
  header.querySelector('.brand')!.textContent = t('cms.title');
  header.querySelector('.mode')!.textContent = local ? t('cms.local.badge') : t('cms.online.badge');
  const details = header.querySelector('details')!;
  details.querySelector('summary')!.textContent = t('cms.howTo');
  const lines = [t('cms.what')];
  if (local) lines.push(t('cms.local.open', { host: location.host }), t('cms.local.save'), t('cms.local.github'));
  else if (GITHUB_REPO) lines.push(t('cms.online.save', { repo: GITHUB_REPO, branch: GITHUB_BRANCH }));
  lines.push(GITHUB_REPO ? t('cms.repo.named', { repo: GITHUB_REPO }) : t('cms.repo.unset'));
  details.append(...lines.map(paragraph));
  details.open = !matchMedia('(max-width: 640px)').matches;
  header.hidden = false;
}
