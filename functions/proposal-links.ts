import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import { enableProposalMails } from '../src/server/proposals/mails.ts';
import { answerRoute, codeRoute, currentLinkRoute, linkPdfRoute } from '../src/server/proposals/public-routes.ts';

// This function carries the proposals' PDF renderer and fonts: its drains deliver their mails.
enableProposalMails();

export const config: Config = {
  path: ['/api/proposal-links/current', '/api/proposal-links/pdf', '/api/proposal-links/code', '/api/proposal-links/answer'],
};

/** The prospect's proposal page's routes (issue 39; docs/api/proposals.md): the link's token is the credential. */
export default routes(config, {
  '/api/proposal-links/current': { GET: currentLinkRoute },
  '/api/proposal-links/pdf': { GET: linkPdfRoute },
  '/api/proposal-links/code': { POST: codeRoute },
  '/api/proposal-links/answer': { POST: answerRoute },
});
