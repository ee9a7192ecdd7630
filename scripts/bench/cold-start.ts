/**
 * Run in a fresh process against an existing PGlite folder (DATA_DIR): how long importing the brands
 * function and answering its first query take. Prints one JSON line.
 */
// A module (top-level await) with no imports: the dynamic imports below are what is measured.
const start = performance.now();
const { default: brands } = await import('../../functions/brands.ts');
const imported = performance.now();
const response = await brands(new Request('http://127.0.0.1/api/brands'), {} as never);
const list = (await response.json()) as unknown[];
const answered = performance.now();
const { closeDb } = await import('../../src/server/db/index.ts');
await closeDb();
console.log(JSON.stringify({ status: response.status, brands: list.length, importMs: imported - start, firstQueryMs: answered - imported }));
export {};
