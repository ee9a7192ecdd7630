/** Netlify gives the client address as context.ip and in x-nf-client-connection-ip. */
export function clientKey(req: Request, context?: { ip?: string }): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}
