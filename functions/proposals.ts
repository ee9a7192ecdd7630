import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import { enableProposalMails } from '../src/server/proposals/mails.ts';
import {
  certificatePdfRoute,
  createProposalRoute,
  decisionRoute,
  listProposalsRoute,
  patchProposalRoute,
  pendingProposalsRoute,
  proposalPdfRoute,
  proposalRoute,
  sendProposalRoute,
  submitProposalRoute,
  withdrawProposalRoute,
} from '../src/server/proposals/routes.ts';

// This function carries the proposals' PDF renderer and fonts: its drains deliver their mails.
enableProposalMails();

export const config: Config = {
  path: [
    '/api/inquiries/:id/proposals',
    '/api/proposals',
    '/api/proposals/:id',
    '/api/proposals/:id/submit',
    '/api/proposals/:id/approve',
    '/api/proposals/:id/reject',
    '/api/proposals/:id/request-changes',
    '/api/proposals/:id/send',
    '/api/proposals/:id/withdraw',
    '/api/proposals/:id/pdf',
    '/api/proposals/:id/certificate.pdf',
  ],
};

/** Proposals (issue 39; docs/api/proposals.md): drafted on an inquiry, approved by rule or by an owner, sent, answered. */
export default routes(config, {
  '/api/inquiries/:id/proposals': { GET: listProposalsRoute, POST: createProposalRoute },
  '/api/proposals': { GET: pendingProposalsRoute },
  '/api/proposals/:id': { GET: proposalRoute, PATCH: patchProposalRoute },
  '/api/proposals/:id/submit': { POST: submitProposalRoute },
  '/api/proposals/:id/approve': { POST: decisionRoute('approved') },
  '/api/proposals/:id/reject': { POST: decisionRoute('rejected') },
  '/api/proposals/:id/request-changes': { POST: decisionRoute('changes_requested') },
  '/api/proposals/:id/send': { POST: sendProposalRoute },
  '/api/proposals/:id/withdraw': { POST: withdrawProposalRoute },
  '/api/proposals/:id/pdf': { GET: proposalPdfRoute },
  '/api/proposals/:id/certificate.pdf': { GET: certificatePdfRoute },
});
