/** Filled in by build/cms-app.ts from the build's environment (CMS_GITHUB_REPO, Netlify's repository, git). */
declare const CMS_GITHUB_REPO: string;
declare const CMS_GITHUB_BRANCH: string;

/** The GitHub repository the CMS commits to (owner/name), or '' when the build was told none. */
export const GITHUB_REPO = CMS_GITHUB_REPO;
export const GITHUB_BRANCH = CMS_GITHUB_BRANCH || 'main';

/**
 * Opened on this computer's server: the CMS offers its local-repository mode exactly there (Sveltia's own
 * test: 127.0.0.1 or a localhost name), and GitHub's sign-in cannot work (Netlify's OAuth only answers the
 * deployed site's address).
 */
export function onLocalServer(hostname = location.hostname): boolean {
  return hostname === '127.0.0.1' || /^(.+\.)?localhost$/.test(hostname);
}

/** Where GitHub's sign-in goes on the local server: our page that answers it with a clear failure. */
export const LOCAL_SIGN_IN_PAGE = 'cms/local-sign-in.html';
