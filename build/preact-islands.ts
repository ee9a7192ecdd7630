import type { Plugin } from 'vite';

/**
 * Islands are written in React and pre-rendered with React, but the browser gets preact/compat:
 * React 19's client runtime alone is ~66 KB gzip, over the 60 KB page budget; Preact is ~5 KB and
 * Uppy already ships it for its dialogs. See docs/decisions/004-island-runtime.md.
 */
const CLIENT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function preactIslands(): Plugin {
  return {
    name: 'preact-islands',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = CLIENT_ALIASES[source];
      const isClient = this.environment ? this.environment.config.consumer === 'client' : !options?.ssr;
      if (!target || !isClient) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
