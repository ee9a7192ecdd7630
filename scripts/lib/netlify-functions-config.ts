import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FunctionConfig } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';

/** One `[functions]` table of netlify.toml, in its own spelling. */
interface TomlFunctionConfig {
  included_files?: string[];
  external_node_modules?: string[];
  ignored_node_modules?: string[];
  node_bundler?: string;
  schedule?: string;
}

export interface NetlifyFunctionsConfig {
  directory: string;
  nodeVersion: string | undefined;
  /** netlify.toml's function settings by name pattern, `*` for the top-level `[functions]` keys. */
  byPattern: Record<string, TomlFunctionConfig>;
}

const FUNCTION_KEYS = new Set(['included_files', 'external_node_modules', 'ignored_node_modules', 'node_bundler', 'schedule']);

/** `[functions]` of netlify.toml as Netlify's config reader splits it: top-level keys apply to `*`, sub-tables to one name. */
export async function loadFunctionsConfig(file = 'netlify.toml'): Promise<NetlifyFunctionsConfig> {
  const toml = parse(await readFile(file, 'utf8')) as {
    build?: { environment?: Record<string, string> };
    functions?: Record<string, unknown>;
  };
  const functions = toml.functions ?? {};
  const byPattern: Record<string, TomlFunctionConfig> = { '*': {} };
  for (const [key, value] of Object.entries(functions)) {
    if (FUNCTION_KEYS.has(key)) Object.assign(byPattern['*']!, { [key]: value });
    else if (key !== 'directory' && typeof value === 'object' && value !== null) byPattern[key] = value as TomlFunctionConfig;
  }
  return {
    directory: typeof functions.directory === 'string' ? functions.directory : 'netlify/functions',
    nodeVersion: toml.build?.environment?.NODE_VERSION,
    byPattern,
  };
}

/**
 * The options Netlify's build hands to zip-it-and-ship-it for these settings (netlify/build,
 * plugins_core/functions/zisi.ts): included files relative to the base directory, the build's Node
 * version, and `esbuild` turned into `esbuild_zisi`.
 */
export function zisiConfig(config: NetlifyFunctionsConfig, baseDir: string): Record<string, FunctionConfig> {
  return Object.fromEntries(
    Object.entries(config.byPattern).map(([pattern, settings]) => [
      pattern,
      {
        includedFiles: settings.included_files,
        includedFilesBasePath: path.resolve(baseDir),
        externalNodeModules: settings.external_node_modules,
        ignoredNodeModules: settings.ignored_node_modules,
        nodeBundler: (settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler) as FunctionConfig['nodeBundler'],
        nodeVersion: config.nodeVersion,
        schedule: settings.schedule,
      },
    ]),
  );
}
