import './start-up.ts';
import CMS from '@sveltia/cms';
import generated from './config.json';

/** Filled in by build/cms-app.ts from the build's environment (the repository Netlify builds). */
declare const CMS_GITHUB_REPO: string | undefined;
declare const CMS_GITHUB_BRANCH: string | undefined;

const config = {
  ...generated,
  backend: { ...generated.backend, ...(CMS_GITHUB_REPO ? { repo: CMS_GITHUB_REPO } : {}), ...(CMS_GITHUB_BRANCH ? { branch: CMS_GITHUB_BRANCH } : {}) },
  // The configuration is this one, generated from the content schemas; there is no config.yml to load.
  load_config_file: false,
};

CMS.init({ config: config as never });
