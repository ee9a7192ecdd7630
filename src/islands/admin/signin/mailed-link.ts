/** A link from an invitation or password-reset mail: `/admin#invitation=<token>` or `/admin#reset=<token>`. */
export interface MailedLink {
  kind: 'invitation' | 'reset';
  token: string;
}

/**
 * The mailed link of this page's URL, taken out of the address bar at once (the token then stays out of
 * history, bookmarks and screenshots). Fragments never reach a server or a Referer header.
 */
export function takeLinkFromUrl(): MailedLink | null {
  const match = window.location.hash.match(/^#(invitation|reset)=([A-Za-z0-9_-]{20,200})$/);
  if (!match) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return { kind: match[1] as MailedLink['kind'], token: match[2]! };
}
