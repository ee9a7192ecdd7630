import type { Config, Context } from '@netlify/functions';
import { HttpError } from './errors.ts';
import { handle } from './handler.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route's handler receives besides the request: the declared path's `:params` (Netlify's
 * `context.params`) and the rest of Netlify's context where the caller gave it (tests call handlers
 * with a Request and a bare context).
 */
export type RouteContext = Partial<Omit<Context, 'params'>> & { params: Record<string, string> };
export type RouteHandler = (req: Request, context: RouteContext) => Promise<Response>;

/** Declared path (exactly as in `config.path`) → method → handler. */
export type RouteTable = Record<string, Partial<Record<Method, RouteHandler>>>;

/**
 * A function's routes as one table, so each route reads as one line: the declared path picks the
 * entry, its methods answer, any other method is 405 with `Allow` listing the table's methods (in
 * their written order), before any guard runs. The table must list exactly the function's
 * `config.path`, so a path declared but not routed (or the reverse) fails when the function loads.
 * @example export default routes(config, { '/api/units/:id': { GET: readUnit, PUT: updateUnit } });
 */
export function routes(config: Pick<Config, 'path'>, table: RouteTable): (req: Request, context?: Partial<Context>) => Promise<Response> {
  const declared = config.path === undefined ? [] : [config.path].flat();
  const listed = Object.keys(table);
  if (declared.length !== listed.length || declared.some((path, i) => path !== listed[i])) {
    throw new Error(`The route table (${listed.join(', ')}) must list config.path (${declared.join(', ')}) in the same order`);
  }
  const patterns = listed.map((path) => ({ methods: table[path]!, pattern: new URLPattern({ pathname: path }) }));
  const handler = handle(async (req: Request, context: Partial<Context> | undefined) => {
    const { pathname } = new URL(req.url);
    for (const { methods, pattern } of patterns) {
      const match = pattern.exec({ pathname });
      if (!match) continue;
      const route = methods[req.method as Method];
      if (!route) {
        const allow = Object.keys(methods).join(', ');
        throw new HttpError(405, 'method_not_allowed', `Use ${allow}`, { headers: { Allow: allow } });
      }
      // Netlify hands the matched params over; a caller without them (a test) gets the same from the path.
      const matched = Object.fromEntries(Object.entries(match.pathname.groups).filter((entry): entry is [string, string] => entry[1] !== undefined));
      return route(req, { ...context, params: { ...matched, ...context?.params } });
    }
    throw new HttpError(404, 'not_found', 'No route at this path');
  });
  return (req, context) => handler(req, context);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path parameter that names a record by UUID, lower-cased; anything else (encoded, dotted, too short)
 * names no record, so callers answer 404 without asking the database.
 * @example uuidParam({ params: { id: 'A1B2…' } }) // 'a1b2…'
 */
export function uuidParam({ params }: RouteContext, name = 'id'): string | null {
  const value = params[name];
  return value !== undefined && UUID.test(value) ? value.toLowerCase() : null;
}
