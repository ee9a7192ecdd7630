import { CONFLICT_CODE, etagOf, IF_MATCH_HEADER, versionOfEtag, type Versioned } from '../../shared/versions.ts';
import { HttpError } from './errors.ts';

/**
 * The version a write was based on (its If-Match), or null when it names none: the spec's API shape
 * writes unchecked. A value that is not one of our ETags is refused (400), never taken as "no check".
 */
export function expectedVersion(req: Request): number | null {
  const version = versionOfEtag(req.headers.get(IF_MATCH_HEADER));
  if (version === undefined) throw new HttpError(400, 'invalid_if_match', `${IF_MATCH_HEADER} must be an ETag this API answered, such as "3"`);
  return version;
}

/** The headers of an answer that carries one record: its ETag, for the next write's If-Match. */
export const versionHeaders = (record: Versioned): Record<string, string> => ({ ETag: etagOf(record.version) });

/** 409 `conflict`: the record changed since `expected` was read; the body carries it as it is now. */
export function conflict(current: Versioned & object): HttpError {
  return new HttpError(409, CONFLICT_CODE, 'Someone changed this record since you read it', {
    headers: versionHeaders(current),
    details: { current },
  });
}

/**
 * After a conditional UPDATE … WHERE id = $id AND version = $expected changed no row: 409 with the
 * current record when it still exists (someone else wrote first), else the caller's 404.
 */
export async function staleOrMissing<T extends Versioned & object>(find: () => Promise<T | null>, notFound: () => HttpError): Promise<never> {
  const current = await find();
  throw current ? conflict(current) : notFound();
}
