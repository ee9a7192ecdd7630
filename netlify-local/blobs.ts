import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { readNodeBody, sendWebResponse, toWebRequest } from './node-http.ts';

export interface LoopbackBlobs {
  url: string;
  stop(): Promise<void>;
}

/** The parts of BlobsServer we drive ourselves; its own start() listens on every interface. */
interface BlobsServerInternals {
  address: string;
  handleRequest(request: Request): Promise<Response>;
}

/**
 * Netlify Blobs emulation on 127.0.0.1 only, with data under `directory`, and the environment context
 * set so a bare `getStore()` in any function of this process reaches it (reads may ask for strong
 * consistency, hence uncachedEdgeURL). A random token keeps other local processes out.
 */
export async function startLoopbackBlobs(directory: string): Promise<LoopbackBlobs> {
  await mkdir(directory, { recursive: true });
  const token = randomBytes(16).toString('hex');
  const blobs = new BlobsServer({ directory, token }) as unknown as BlobsServerInternals;
  // BlobsServer checks a conditional write (onlyIfNew, onlyIfMatch) and then writes, with awaits between:
  // two at once could both pass. Netlify's store decides them atomically, so writes to one key queue here.
  const writes = new Map<string, Promise<unknown>>();
  const server: Server = createServer(async (req, res) => {
    try {
      const body = req.method === 'PUT' ? await readNodeBody(req, Number.MAX_SAFE_INTEGER) : null;
      const handle = () => blobs.handleRequest(toWebRequest(req, blobs.address, body));
      const key = req.url?.split('?')[0] ?? '';
      let answer: Promise<Response>;
      if (req.method === 'PUT') {
        answer = (writes.get(key) ?? Promise.resolve()).then(handle, handle);
        const queued = answer.catch(() => undefined);
        writes.set(key, queued);
        void queued.then(() => writes.get(key) === queued && writes.delete(key));
      } else {
        answer = handle();
      }
      await sendWebResponse(res, await answer);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  blobs.address = url;
  setEnvironmentContext({ siteID: 'local-site', token, edgeURL: url, uncachedEdgeURL: url, apiURL: url });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
