import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('POST /api/invite (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  const newEmail = (tag: string) => `${tag}-${randomUUID()}@example.com`;

  it('e-mails a fixed invitation naming only the asking user', async () => {
    const asker = newEmail('buyer');
    const browser = await signUp(server, asker);
    const recipient = newEmail('seller');
    expect(await browser.post('/api/invite', { email: recipient })).toEqual({
      status: 200,
      body: { status: 'sent' },
    });
    const [mail] = await server.ctx.outbox.list({ recipient, limit: 1 });
    expect(mail?.subject).toBe('Please verify your identity with Verity');
    expect(mail?.body).toContain(`${asker} has asked you to prove your identity with Verity.`);
    expect(mail?.body).toContain(`${server.url}/signup`);
  });

  it('takes no text of the user: anything besides the address is refused', async () => {
    const browser = await signUp(server, newEmail('spammer'));
    for (const body of [
      { email: newEmail('x'), message: 'Buy now' },
      { email: 'not an address' },
      { email: `a@example.com\nBcc: b@example.com` },
      {},
    ]) {
      const answer = await browser.post('/api/invite', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('limits invitations per user and per recipient', async () => {
    const browser = await signUp(server, newEmail('busy'));
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await browser.post('/api/invite', { email: newEmail(`r${i}`) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const popular = newEmail('popular');
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const other = await signUp(server, newEmail(`asker${i}`));
      answers.push((await other.post('/api/invite', { email: popular.toUpperCase() })).status);
    }
    expect(answers).toEqual([200, 200, 429]);
    expect(await server.ctx.outbox.list({ recipient: popular.toUpperCase() })).toHaveLength(2);
  });

  it('needs a signed-in user', async () => {
    const answer = await new ApiBrowser(server).post('/api/invite', { email: newEmail('x') });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'not_signed_in' });
  });
});
