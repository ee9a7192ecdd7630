import { maskEmail, maskName } from '../masking.ts';
import type { Proposal } from './types.ts';

/**
 * A proposal as a viewer reads it (issue 25's rule, issue 39: "viewers read masked"): the figures and terms whole,
 * the people outside the team masked (the signer's name and company, the address the link went to), and what only
 * serves evidence or is the prospect's own words left out (client address, device, their message).
 */
export function maskProposal(proposal: Proposal): Proposal {
  const link = proposal.link && { ...proposal.link, recipient: proposal.link.recipient && maskEmail(proposal.link.recipient) };
  const response = proposal.response && {
    ...proposal.response,
    recipient: proposal.response.recipient && maskEmail(proposal.response.recipient),
    signerName: proposal.response.signerName && maskName(proposal.response.signerName),
    signerTitle: null,
    company: proposal.response.company && maskName(proposal.response.company),
    clientAddress: null,
    userAgent: null,
    message: null,
  };
  return { ...proposal, link, response, masked: true };
}
