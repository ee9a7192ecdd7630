import { connect, type Socket } from 'node:net';

interface Pending {
  resolve(result: LeanResponse): void;
  reject(error: Error): void;
  head: Buffer | null;
  status: number;
  bodyLeft: number;
  bytes: number;
}

export interface LeanResponse {
  status: number;
  bytes: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * A keep-alive HTTP/1.1 GET client for latency budgets. It reads every answer into one reused buffer
 * (net's `onread`), so the measuring process makes next to no garbage: with fetch, each half-megabyte
 * brand list made the *client* run a full mark-compact every few requests, and its pauses were counted
 * as server latency. Needs a Content-Length on every answer (the functions send one for lists).
 */
export class LeanHttpClient {
  readonly #socket: Socket;
  readonly #host: string;
  #pending: Pending | undefined;

  private constructor(socket: Socket, host: string) {
    this.#socket = socket;
    this.#host = host;
  }

  static connect(origin: string): Promise<LeanHttpClient> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      // Assigned right after connect() returns, before any byte can arrive.
      let client!: LeanHttpClient;
      const buffer = Buffer.alloc(1 << 20);
      const socket = connect({
        host: url.hostname,
        port: Number(url.port),
        onread: {
          buffer,
          callback: (length) => {
            client.#onData(buffer, length);
            return true; // keep reading
          },
        },
      });
      client = new LeanHttpClient(socket, url.host);
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(client));
      socket.once('error', (error) => (client.#pending ? client.#fail(error) : reject(error)));
      socket.once('close', () => client.#fail(new Error('connection closed mid-answer')));
    });
  }

  /** Time to the last byte is the caller's to measure around this promise. */
  get(path: string, headers: Record<string, string> = {}): Promise<LeanResponse> {
    if (this.#pending) throw new Error('one request at a time');
    return new Promise((resolve, reject) => {
      this.#pending = {
        resolve,
        reject,
        head: null,
        status: 0,
        bodyLeft: -1,
        bytes: 0,
      };
      const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
      this.#socket.write(`GET ${path} HTTP/1.1\r\nHost: ${this.#host}\r\nAccept: application/json\r\n${extra}\r\n`);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #fail(error: Error): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(error);
  }

  #onData(buffer: Buffer, length: number): void {
    const pending = this.#pending;
    if (!pending) return;
    let body = length;
    if (pending.bodyLeft < 0) {
      // Headers are tiny; only they are ever copied.
      const head = pending.head
        ? Buffer.concat([pending.head, buffer.subarray(0, length)])
        : buffer.subarray(0, length);
      const end = head.indexOf(HEAD_END);
      if (end < 0) {
        pending.head = Buffer.from(head);
        return;
      }
      const text = head.toString('latin1', 0, end);
      const contentLength = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (!contentLength) return this.#fail(new Error(`answer without Content-Length: ${text.split('\r\n')[0]}`));
      pending.status = Number(text.slice(9, 12));
      pending.bodyLeft = Number(contentLength[1]);
      pending.bytes = pending.bodyLeft;
      body = head.byteLength - (end + HEAD_END.byteLength);
      pending.head = null;
    }
    pending.bodyLeft -= body;
    if (pending.bodyLeft > 0) return;
    if (pending.bodyLeft < 0) return this.#fail(new Error('more bytes than Content-Length'));
    this.#pending = undefined;
    pending.resolve({ status: pending.status, bytes: pending.bytes });
  }
}
