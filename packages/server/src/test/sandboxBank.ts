import { expect } from 'vitest';
import type { CookieJar } from './testServer.js';

/** Drives the sandbox bank's pages as a browser would: log in as a test customer, then decide. */
export async function throughSandboxBank(
  browser: CookieJar,
  bankUrl: string,
  customer: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const origin = new URL(bankUrl).origin;
  const loginPage = await browser.fetch(bankUrl);
  expect(loginPage.status).toBe(200);
  const request = /name="request" value="([^"]+)"/.exec(await loginPage.text())?.[1];
  if (!request) throw new Error('no login form');
  const afterLogin = await browser.fetch(
    `${origin}/sandbox-bank/login`,
    form({ request, username: customer, password: 'sandbox' }),
  );
  if (afterLogin.status === 303) return new URL(afterLogin.headers.get('location')!);
  expect(afterLogin.status).toBe(200);
  const consent = await browser.fetch(
    `${origin}/sandbox-bank/consent`,
    form({ request, decision }),
  );
  expect(consent.status).toBe(303);
  return new URL(consent.headers.get('location')!);
}
