import net from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local stand-in for Neon's WebSocket gateway: each WebSocket is piped to the Postgres TCP address
 * named in its `address` query. Lets the Neon driver run against a plain local Postgres, offline.
 * Only loopback targets are accepted.
 */
export async function startNeonProxy(): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (ws: WebSocket, req) => {
    const address = new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const [host, port] = address.split(':');
    if (host !== '127.0.0.1' && host !== 'localhost') {
      ws.close(1008, 'loopback only');
      return;
    }
    const socket = net.connect(Number(port), host);
    ws.on('message', (data: Buffer) => socket.write(data));
    socket.on('data', (data) => ws.send(data));
    ws.on('close', () => socket.destroy());
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
    ws.on('error', () => socket.destroy());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** Points Neon's driver at the proxy: plain ws://, no pipelined connect (the proxy speaks raw Postgres). */
export async function useNeonProxy(port: number): Promise<void> {
  const { neonConfig } = await import('@neondatabase/serverless');
  neonConfig.wsProxy = (host, pgPort) => `127.0.0.1:${port}/v2?address=${host}:${pgPort}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
}
