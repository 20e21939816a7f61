import { describe, expect, it } from 'vitest';
import {
  clientInputSchema,
  clientUrlProblem,
  serverUrlProblem,
} from '../features/clients/input.js';

/**
 * ASVS 5 12.2.1 and RFC 9700 2.1: every URL a client registers (`verity clients add/update`:
 * redirect, post-logout, logo, jwks_uri) is https; plain http only on a loopback host. A
 * plain-http jwks_uri let anyone on the path swap the keys Verity trusts for the client's
 * private_key_jwt (it was accepted for any host).
 */
describe('client URLs', () => {
  it.each([
    ['https://shop.example/cb', null],
    ['https://shop.example:8443/cb?x=1', null],
    ['http://localhost:3001/cb', null],
    ['http://127.0.0.1:3001/cb', null],
    ['http://[::1]:3001/cb', null],
    ['http://shop.example/cb', 'must use https'],
    ['http://127.0.0.2/cb', 'must use https'],
    ['http://localhost.shop.example/cb', 'must use https'],
    ['http://127.0.0.1.nip.io/cb', 'must use https'],
    ['ftp://shop.example/cb', 'must be an http(s) URL'],
    ['javascript:alert(1)', 'must be an http(s) URL'],
    ['https://shop.example/cb#fragment', 'must not contain a fragment'],
    ['https://user:secret@shop.example/cb', 'must not contain a user name or password'],
    ['/relative/cb', 'is not an absolute URL'],
    ['not a url', 'is not an absolute URL'],
  ])('%s: %s', (url, problem) => {
    const found = clientUrlProblem(url);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  const valid = { name: 'Shop', redirectUris: ['https://shop.example/cb'] };

  it.each([
    ['redirectUris', { redirectUris: ['http://shop.example/cb'] }],
    ['postLogoutRedirectUris', { postLogoutRedirectUris: ['http://shop.example/'] }],
    ['logoUri', { logoUri: 'http://shop.example/logo.png' }],
    ['jwksUri', { jwksUri: 'http://shop.example/jwks' }],
  ])('refuses plain http for %s outside loopback', (_field, bad) => {
    expect(clientInputSchema.safeParse(valid).success).toBe(true);
    expect(clientInputSchema.safeParse({ ...valid, ...bad }).success).toBe(false);
  });

  it('accepts loopback http for every URL (development)', () => {
    const local = {
      name: 'Local',
      redirectUris: ['http://127.0.0.1:3001/cb'],
      postLogoutRedirectUris: ['http://localhost:3001/'],
      logoUri: 'http://localhost:3001/logo.png',
      jwksUri: 'http://[::1]:3001/jwks',
    };
    expect(clientInputSchema.safeParse(local).success).toBe(true);
  });

  it.each([
    ['http://127.0.0.1:9000/jwks', false, null],
    ['http://127.0.0.1:9000/jwks', true, 'must use https in production'],
    ['http://localhost/logo.png', true, 'must use https in production'],
    ['https://localhost/jwks', true, null],
    ['http://shop.example/jwks', false, 'must use https'],
  ])('a URL Verity fetches or shows, %s (production %s): %s', (url, production, problem) => {
    const found = serverUrlProblem(url, production);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});
