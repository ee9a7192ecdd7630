import type { Recorder } from './load-recorder.ts';

/** Thrown after a failed request has been recorded, so the scenario it belongs to stops there. */
export class RequestFailed extends Error {}

export interface LoadRequest {
  /** The row of the results table this request counts under. */
  label: string;
  method?: string;
  path: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as-is with `type` as Content-Type (an upload). */
  bytes?: Uint8Array<ArrayBuffer>;
  type?: string;
  token?: string;
  /**
   * The visitor's address, sent as Netlify's edge would (`x-nf-client-connection-ip`, which the local
   * server honours on loopback): each sender is a person of its own for the per-client limits.
   */
  client?: string;
  /** The one status that counts as success; by default any 2xx. */
  expect?: number;
}

export interface Answer {
  status: number;
  bytes: ArrayBuffer;
}

export type Send = (request: LoadRequest) => Promise<Answer>;

export function jsonOf<T>(answer: Answer): T {
  return JSON.parse(new TextDecoder().decode(answer.bytes)) as T;
}

/**
 * A sender to `origin` that times each request to the last byte of its answer (what a browser waits
 * for) and records it; a network error or an unexpected status is recorded as a failure and thrown.
 */
export function sender(origin: string, recorder: Recorder): Send {
  return async (request) => {
    const method = request.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    if (request.client) headers['x-nf-client-connection-ip'] = request.client;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.bytes) {
      headers['Content-Type'] = request.type ?? 'application/octet-stream';
      body = request.bytes;
    }
    const described = `${method} ${request.path}`;
    const start = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(origin + request.path, { method, headers, body });
      answer = { status: response.status, bytes: await response.arrayBuffer() };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      const problem = `${String(error)}${cause}`;
      recorder.fail({ label: request.label, request: described, problem });
      throw new RequestFailed(`${described} → ${problem}`);
    }
    recorder.record(request.label, performance.now() - start);
    const ok = request.expect === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === request.expect;
    if (!ok) {
      const text = new TextDecoder().decode(answer.bytes).replace(/\s+/g, ' ');
      const problem = `${answer.status}: ${text.slice(0, 200)}`;
      recorder.fail({ label: request.label, request: described, status: answer.status, problem });
      throw new RequestFailed(`${described} → ${problem}`);
    }
    return answer;
  };
}
