import net from 'node:net';

export interface TcpProxy {
  /** `127.0.0.1:<port>`, to put in place of the target's host and port. */
  host: string;
  port: number;
  /** Makes the target unreachable: open connections are reset and new ones refused (nothing listens). */
  cut(): Promise<void>;
  /** Listens again on the same port; new connections reach the target. */
  restore(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of a service (PostgreSQL in the fault tests) that a test can cut and
 * restore, so the code under test meets a real outage: reset sockets mid-query, then refused connections.
 */
export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  const bound = await listen(port);
  return {
    host: '127.0.0.1',
    port: bound,
    cut: close,
    async restore() {
      if (!server.listening) await listen(bound);
    },
    stop: close,
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: Pick<TcpProxy, 'host' | 'port'>): string {
  const proxied = new URL(url);
  proxied.hostname = proxy.host;
  proxied.port = String(proxy.port);
  return proxied.toString();
}
