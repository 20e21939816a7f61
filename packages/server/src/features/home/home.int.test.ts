import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe('GET /api/home', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.close());

  it("lists the user's own recent activity", async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    await new ApiBrowser(server).post('/api/login/email', {
      Email: email,
      Password: 'not the password',
    });
    await signUp(server, `${randomUUID()}@example.com`); // someone else's activity stays theirs
    const response = await browser.fetch(`${server.url}/api/home`);
    const home = (await response.json()) as {
      auditEvents: Array<{ title: string; created: string }>;
      verification: unknown[];
    };
    // Events of the same millisecond have no order between them, so compare as a set.
    expect(home.auditEvents.map((event) => event.title).sort()).toEqual(
      ['Failed login attempt', 'Logged in', 'E-mail address verified', 'Account created'].sort(),
    );
    expect(Date.parse(home.auditEvents[0]!.created)).not.toBeNaN();
    expect(home.verification).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const response = await new ApiBrowser(server).fetch(`${server.url}/api/home`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'not_signed_in' } });
  });
});
