import CMS from '@sveltia/cms';
import generated from './config.json';
import { GITHUB_BRANCH, GITHUB_REPO, LOCAL_SIGN_IN_PAGE, onLocalServer } from './site.ts';
import { cmsTexts } from './texts.ts';

/** The checkout's folder name (build/cms-app.ts): what the local-repository hint names when no repository is set. */
declare const CMS_CHECKOUT_FOLDER: string;

const t = cmsTexts();
const local = onLocalServer();

const config = {
  ...generated,
  // B TOWER's name and mark on the sign-in screen and the tab, in the editor's language.
  app_title: t('cms.title'),
  logo: { src: '/favicon.svg', show_in_header: true },
  backend: {
    ...generated.backend,
    // The CMS requires some owner/name; without one set, the local hint names the folder to pick.
    repo: GITHUB_REPO || `local/${CMS_CHECKOUT_FOLDER}`,
    branch: GITHUB_BRANCH,
    // On this computer GitHub's sign-in goes to our own page, which fails it with a message (issue 28).
    ...(local ? { base_url: location.origin, auth_endpoint: LOCAL_SIGN_IN_PAGE } : {}),
  },
  // The configuration is this one, generated from the content schemas; there is no config.yml to load.
  load_config_file: false,
};

CMS.init({ config: config as never });
