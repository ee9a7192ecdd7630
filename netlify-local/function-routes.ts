import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type FunctionHandler = (req: Request, context: Record<string, unknown>) => Promise<Response> | Response;

export interface FunctionRoute {
  name: string;
  patterns: URLPattern[];
  handler: FunctionHandler;
}

/** Imports every `functions/*.ts` and reads its own `config.path` (a string or a list), as Netlify does. */
export async function loadFunctionRoutes(directory = 'functions'): Promise<FunctionRoute[]> {
  const files = (await readdir(directory)).filter((file) => /^[^_.].*\.(ts|mjs|js)$/.test(file)).sort();
  const routes = await Promise.all(
    files.map(async (file): Promise<FunctionRoute | null> => {
      const module = (await import(pathToFileURL(path.resolve(directory, file)).href)) as {
        default?: FunctionHandler;
        config?: { path?: string | string[]; schedule?: string };
      };
      // Scheduled functions have no URL on Netlify either.
      if (module.config?.schedule && module.config.path === undefined) return null;
      const paths = module.config?.path === undefined ? [] : [module.config.path].flat();
      if (!module.default || paths.length === 0) throw new Error(`functions/${file} needs a default handler and config.path`);
      return { name: file.replace(/\.\w+$/, ''), patterns: paths.map((pathname) => new URLPattern({ pathname })), handler: module.default };
    }),
  );
  return routes.filter((route): route is FunctionRoute => route !== null);
}

/** The function for `pathname` with its `:params`, whatever the method (each function answers 405 itself). */
export function matchFunction(routes: FunctionRoute[], pathname: string): { route: FunctionRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    for (const pattern of route.patterns) {
      const match = pattern.exec({ pathname });
      if (match) {
        const params = Object.fromEntries(Object.entries(match.pathname.groups).filter((entry): entry is [string, string] => entry[1] !== undefined));
        return { route, params };
      }
    }
  }
  return null;
}
