import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setEnvironmentContext } from '@netlify/blobs';
import { readNodeBody } from '../../netlify-local/node-http.ts';

/**
 * How the store fails one request: `refuse` resets the connection before the store sees it (store
 * down), `error` answers 500 without touching the data (e.g. a full disk), `lose-answer` lets the
 * store do the work and resets the connection before the answer arrives.
 */
export type BlobFault = 'refuse' | 'error' | 'lose-answer';

export interface BlobRequest {
  method: string;
  /** The store's name as the code names it (`objects`, `uploads`, `upload-parts`). */
  store: string;
  key: string;
}

export interface BlobFaults {
  /** Decides, request by request, whether and how the store fails; undefined passes the request on. */
  failWhen(rule: (request: BlobRequest) => BlobFault | undefined): void;
  /** Lets every request through again. */
  heal(): void;
  /** The requests the store was asked (failed or not), for asserting where a failure struck. */
  seen: BlobRequest[];
  stop(): Promise<void>;
}

function describe(req: IncomingMessage): BlobRequest {
  // Edge URLs are /{siteID}/{store}/{key…}; site-wide stores are named `site:<name>`.
  const [, , store = '', ...key] = new URL(req.url ?? '/', 'http://blobs').pathname.split('/').map(decodeURIComponent);
  return { method: req.method ?? 'GET', store: store.replace(/^site:/, ''), key: key.join('/') };
}

/**
 * A loopback HTTP proxy in front of the Netlify Blobs emulation at `targetUrl` that fails chosen
 * requests for real (reset connections, 500s, lost answers). It takes the place of the store in this
 * process's blob environment, so `getStore()` in the code under test goes through it.
 */
export async function startBlobFaults(targetUrl: string): Promise<BlobFaults> {
  let rule: (request: BlobRequest) => BlobFault | undefined = () => undefined;
  const seen: BlobRequest[] = [];
  const server = createServer(async (req, res) => {
    const request = describe(req);
    seen.push(request);
    const fault = rule(request);
    try {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readNodeBody(req, Number.MAX_SAFE_INTEGER);
      if (fault === 'refuse') return void req.socket.destroy();
      if (fault === 'error') return void res.writeHead(500).end('injected store failure');
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(new URL(req.url ?? '/', targetUrl), { method: req.method, headers, body: body && new Uint8Array(body) });
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (fault === 'lose-answer') return void req.socket.destroy();
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(bytes);
    } catch {
      req.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const previous = process.env.NETLIFY_BLOBS_CONTEXT;
  // Same site and token, only the address changes: requests are passed on unchanged.
  const context = JSON.parse(Buffer.from(previous ?? '', 'base64').toString('utf8')) as Record<string, string>;
  setEnvironmentContext({ ...context, edgeURL: url, uncachedEdgeURL: url, apiURL: url } as Parameters<typeof setEnvironmentContext>[0]);
  return {
    failWhen(next) {
      rule = next;
    },
    heal() {
      rule = () => undefined;
    },
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        if (previous !== undefined) process.env.NETLIFY_BLOBS_CONTEXT = previous;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
