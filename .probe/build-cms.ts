import { cmsApp } from '../build/cms-app.ts';
const dir = new URL('file:///tmp/cms-dist/');
const logger = { info: (m: string) => console.log(m) };
await (cmsApp().hooks['astro:build:done'] as any)({ dir, logger });
