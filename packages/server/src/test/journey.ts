import { termsVersion } from '@verity/contracts';
import { expect } from 'vitest';
import { CookieJar, type TestServer } from './testServer.js';

export const strongPassword = 'correct horse battery staple 42';

/** A browser talking to the API: JSON POSTs with its own cookies. */
export class ApiBrowser extends CookieJar {
  constructor(private readonly server: TestServer) {
    super();
  }

  async post(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await this.fetch(`${this.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? '' : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

/** The latest code e-mailed to this address, read from the development outbox. */
export async function latestCode(server: TestServer, email: string): Promise<string> {
  const [message] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
  const code = /Your code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

/** Signs a new user up with a password and verifies the e-mail; the browser is then signed in. */
export async function signUp(
  server: TestServer,
  email: string,
  browser = new ApiBrowser(server),
  requestId?: string,
) {
  const registered = await browser.post('/api/register', {
    Email: email,
    Password: strongPassword,
    TermsAccepted: true,
    TermsVersion: termsVersion,
    ...(requestId ? { RequestId: requestId } : {}),
  });
  expect(registered).toEqual({ status: 200, body: { status: 'codeSent' } });
  const verified = await browser.post('/api/verify', {
    Email: email,
    Code: await latestCode(server, email),
    ...(requestId ? { RequestId: requestId } : {}),
  });
  expect(verified.status).toBe(200);
  return browser;
}
