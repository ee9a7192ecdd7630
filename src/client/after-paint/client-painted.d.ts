// `client:painted` in .astro templates (src/client/after-paint/hydrate-after-paint.ts, added by build/scripts-after-paint.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:painted'?: boolean;
  }
}
export {};
