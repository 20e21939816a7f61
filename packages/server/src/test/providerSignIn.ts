import { expect } from 'vitest';
import { ApiBrowser, redirectUri, strongPassword } from './journey.js';
import type { TestServer } from './testServer.js';

/**
 * Follows the provider's redirects until the browser leaves for the client (the callback
 * URL) or lands on the request entry (/requests/:id); throws on anything else.
 */
export async function followToClient(
  server: TestServer,
  browser: ApiBrowser,
  response: Response,
): Promise<URL> {
  while (response.status >= 300 && response.status < 400) {
    const location = new URL(response.headers.get('location')!, server.url);
    if (location.href.startsWith(redirectUri) || location.pathname.startsWith('/requests/'))
      return location;
    response = await browser.fetch(location.href);
  }
  throw new Error(`stopped at ${response.status}: ${(await response.text()).slice(0, 400)}`);
}

/**
 * The browser's part of a code flow from an answer of the authorization endpoint: the request
 * entry, a password login as `email`, and back to the client; the callback URL.
 */
export async function signInFrom(
  server: TestServer,
  browser: ApiBrowser,
  authorizationAnswer: Response,
  email: string,
): Promise<URL> {
  const entry = await followToClient(server, browser, authorizationAnswer);
  expect(entry.pathname).toMatch(/^\/requests\/[\w-]+$/);
  const requestId = entry.pathname.split('/').pop()!;
  await browser.fetch(entry.href);
  const login = await browser.post('/api/login/email', {
    Email: email,
    Password: strongPassword,
    RequestId: requestId,
  });
  expect(login.body).toMatchObject({ failed: false });
  const generated = await browser.post('/api/generateresponse', { requestId });
  expect(generated.status).toBe(200);
  return followToClient(
    server,
    browser,
    await browser.fetch(generated.body.redirect_Uri as string),
  );
}
