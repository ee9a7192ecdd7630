/**
 * An error that becomes a JSON response `{ error: { code, message, fields? } }` with its status.
 * Throw it anywhere below a handler; `handle()` turns it into the response.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly nextFree: string[] | undefined;
  /** More of the error body beside code and message (a conflict's `current` record). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string>; nextFree?: string[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.nextFree = options.nextFree;
    this.details = options.details;
  }
}

/** Connection failures of pg, Neon, PGlite or the blob store: the dependency is down, not the request wrong. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof UnavailableError) return true;
  const code = (error as { code?: string } | null)?.code;
  return typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|57P0[1-3]|08\d{3})$/.test(code);
}

/** Thrown by the db and storage modules when their backend cannot be reached. */
export class UnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnavailableError';
  }
}
