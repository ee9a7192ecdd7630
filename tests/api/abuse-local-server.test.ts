import { describe, expect, it } from 'vitest';
import { clientAddress, refusedMethod } from '../../netlify-local/function-methods.ts';
import { loadFunctionRoutes, matchFunction } from '../../netlify-local/function-routes.ts';

/** The local server's edge behaviour (issue 10 case 9): Netlify answers 405, never 500, to TRACE and the like. */
describe('local server: methods a function does not declare', () => {
  it('answers TRACE, TRACK and CONNECT with the Allow list of every function route (other methods reach the function)', async () => {
    const routes = await loadFunctionRoutes();
    for (const path of ['/api/brands', '/api/inquiries', '/api/admin/login', '/api/objects/upload', '/api/download/brochure', '/objects/uploads/0b6c2a4e-1f1e-4c55-9d0e-5b1d1c1a2b3c']) {
      const match = matchFunction(routes, path);
      expect(match, path).not.toBeNull();
      const url = new URL(path, 'http://127.0.0.1');
      for (const method of ['TRACE', 'TRACK', 'CONNECT']) {
        const allow = await refusedMethod(match!.route, method, url, match!.params);
        expect(allow, `${method} ${path}`).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
        expect(allow).not.toContain(method);
      }
    }
    const login = matchFunction(routes, '/api/admin/login')!;
    expect(await refusedMethod(login.route, 'TRACE', new URL('http://127.0.0.1/api/admin/login'), {})).toBe('POST');
    expect(await refusedMethod(login.route, 'POST', new URL('http://127.0.0.1/api/admin/login'), {})).toBeNull();
    const brand = matchFunction(routes, '/api/brands/0b6c2a4e-1f1e-4c55-9d0e-5b1d1c1a2b3c')!;
    expect(await refusedMethod(brand.route, 'TRACE', new URL('http://127.0.0.1/api/brands/0b6c2a4e-1f1e-4c55-9d0e-5b1d1c1a2b3c'), brand.params)).toContain('DELETE');
    expect(await refusedMethod(brand.route, 'PUT', new URL('http://127.0.0.1/api/brands/0b6c2a4e-1f1e-4c55-9d0e-5b1d1c1a2b3c'), brand.params)).toBeNull();
  });

  it("takes the client's address from Netlify's header when the edge in front names one, else the socket's", () => {
    expect(clientAddress('203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
    expect(clientAddress(undefined, '127.0.0.1')).toBe('127.0.0.1');
  });
});
