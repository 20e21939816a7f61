import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('identity shares (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  const newEmail = (tag: string) => `${tag}-${randomUUID()}@example.com`;

  async function linkTokenSentTo(email: string): Promise<string> {
    await server.ctx.email.flush();
    const [mail] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
    const token = /\/shared#([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
    if (!token) throw new Error(`no share link e-mailed to ${email}`);
    return token;
  }

  async function sharer() {
    const email = newEmail('sharer');
    const browser = await signUp(server, email);
    const user = await server.ctx.users.findByEmail(email);
    return { browser, userId: user!.id };
  }

  it('shares with a recipient, who opens the link and sees the summary once it is opened', async () => {
    const { browser, userId } = await sharer();
    await server.ctx.profiles.update(userId, { given_name: 'Ada', family_name: 'Lovelace' });
    const empty = await browser.fetch(`${server.url}/api/share`);
    expect(await empty.json()).toEqual({ shares: [], limit: 4, linkDays: 14 });

    const recipient = newEmail('agent');
    const shared = await browser.post('/api/share', { email: recipient });
    expect(shared).toEqual({
      status: 200,
      body: {
        shares: [{ id: expect.any(String), email: recipient, status: 'emailSent' }],
        limit: 4,
        linkDays: 14,
      },
    });
    await server.ctx.email.flush();
    const [mail] = await server.ctx.outbox.list({ recipient, limit: 1 });
    // No evidence verified a name: the e-mail does not vouch for the profile's.
    expect(mail?.subject).toBe('A Verity user has shared their identity checks with you');
    expect(mail?.body).toContain('has not verified a name');
    expect(`${mail?.subject} ${mail?.body}`).not.toMatch(/Ada|Lovelace/);
    const token = await linkTokenSentTo(recipient);

    // The token is kept only as its hash, and the recipient's address only encrypted.
    const row = await server.ctx.database.db
      .selectFrom('identity_shares')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.recipient).not.toContain(recipient);

    const opened = await new ApiBrowser(server).post('/api/shared', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      name: 'Ada Lovelace',
      nameVerified: false,
      verification: [],
    });
    expect(Date.parse(String(opened.body.expires)) - Date.now()).toBeGreaterThan(13 * 86_400_000);

    const after = await browser.fetch(`${server.url}/api/share`);
    expect(await after.json()).toEqual({
      shares: [{ id: expect.any(String), email: recipient, status: 'identityShared' }],
      limit: 4,
      linkDays: 14,
    });
    const home = (await (await browser.fetch(`${server.url}/api/home`)).json()) as {
      auditEvents: Array<{ title: string }>;
    };
    expect(home.auditEvents.map((event) => event.title)).toEqual(
      expect.arrayContaining(['Identity shared', 'Shared identity viewed']),
    );
  });

  it('names the sharer in the e-mail as evidence verified the name, never as the profile says it', async () => {
    const { browser, userId } = await sharer();
    await server.ctx.profiles.update(userId, {
      given_name: 'Anna',
      family_name: 'Smith',
      birthdate: '1985-02-17',
    });
    const passport = await browser.post('/api/verifypassport', {
      number: '533401372',
      surname: 'Smith',
      given: 'Anna',
      dob: '1985-02-17',
      expiry: '2031-04-30',
    });
    expect(passport.body).toMatchObject({ verified: true });
    const recipient = newEmail('agent');
    expect((await browser.post('/api/share', { email: recipient })).status).toBe(200);
    await server.ctx.email.flush();
    const [mail] = await server.ctx.outbox.list({ recipient, limit: 1 });
    // The passport's record, not the profile's spelling.
    expect(mail?.subject).toBe('ANNA SMITH has shared their verified identity with you');
    expect(mail?.body).toContain('ANNA SMITH has shared their identity, verified by Verity');
    const opened = await new ApiBrowser(server).post('/api/shared', {
      token: await linkTokenSentTo(recipient),
    });
    expect(opened.body).toMatchObject({ name: 'ANNA SMITH', nameVerified: true });
  });

  it('allows 4 shares, then refuses, also when asked at the same time', async () => {
    const { browser } = await sharer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => browser.post('/api/share', { email: newEmail(`r${i}`) })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'share_limit_reached' });
    }
    const list = (await (await browser.fetch(`${server.url}/api/share`)).json()) as {
      shares: unknown[];
    };
    expect(list.shares).toHaveLength(4);
  });

  it('frees the place again when the e-mail cannot be handed over', async () => {
    const { browser, userId } = await sharer();
    const email = server.ctx.email;
    const send = email.send.bind(email);
    email.send = async () => {
      throw new Error('outbox unavailable');
    };
    try {
      const failed = await browser.post('/api/share', { email: newEmail('lost') });
      expect(failed.status).toBe(500);
      expect(failed.body.error).toMatchObject({ code: 'internal_error' });
    } finally {
      email.send = send;
    }
    const rows = await server.ctx.database.db
      .selectFrom('identity_shares')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps every place when a share is refused as not an address', async () => {
    const { browser } = await sharer();
    const refused = await browser.post('/api/share', { email: '<script>alert(1)</script>@x.com' });
    expect(refused.status).toBe(400);
    const list = (await (await browser.fetch(`${server.url}/api/share`)).json()) as {
      shares: unknown[];
    };
    expect(list.shares).toEqual([]);
    const fine = await browser.post('/api/share', { email: " o'brien+agent@sub.example.co.uk " });
    expect(fine.status).toBe(200);
  });

  it('does not share twice with the same address', async () => {
    const { browser } = await sharer();
    const recipient = newEmail('twice');
    expect((await browser.post('/api/share', { email: recipient })).status).toBe(200);
    const again = await browser.post('/api/share', { email: recipient.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'already_shared' });
  });

  it('refuses an expired or unknown link with one answer', async () => {
    const { browser, userId } = await sharer();
    const recipient = newEmail('late');
    await browser.post('/api/share', { email: recipient });
    const token = await linkTokenSentTo(recipient);
    await server.ctx.database.db
      .updateTable('identity_shares')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', userId)
      .execute();
    for (const tried of [token, 'A'.repeat(43)]) {
      const answer = await new ApiBrowser(server).post('/api/shared', { token: tried });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: 'share_link_invalid' });
    }
    const list = await (await browser.fetch(`${server.url}/api/share`)).json();
    expect(list).toMatchObject({ shares: [{ status: 'emailSent' }] });

    // Sharing again with the same person renews the expired link in the same place.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await browser.post('/api/share', { email: recipient })).status).toBe(200);
    const renewed = await linkTokenSentTo(recipient);
    expect(renewed).not.toBe(token);
    expect((await new ApiBrowser(server).post('/api/shared', { token: renewed })).status).toBe(200);
    expect((await new ApiBrowser(server).post('/api/shared', { token })).status).toBe(404);
    const after = (await (await browser.fetch(`${server.url}/api/share`)).json()) as {
      shares: unknown[];
    };
    expect(after.shares).toEqual([
      { id: expect.any(String), email: recipient, status: 'identityShared' },
    ]);
  });

  it.each([
    ['no e-mail', {}],
    ['an empty e-mail', { email: ' ' }],
    ['a bad e-mail', { email: 'agent@' }],
    ['markup for an address', { email: '<script>alert(1)</script>@x.com' }],
    ['an address with a space inside', { email: 'estate agent@example.com' }],
    [
      'an address longer than 254 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.com` },
    ],
    ['an unknown field', { email: 'a@example.com', html: '<b>hi</b>' }],
  ])('refuses %s with a code', async (_name, body) => {
    const { browser } = await sharer();
    const answer = await browser.post('/api/share', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
  });

  it.each([
    ['no token', {}],
    ['a short token', { token: 'abc' }],
    ['a token with other characters', { token: `${'A'.repeat(42)}=` }],
  ])('refuses to open %s with a code', async (_name, body) => {
    const answer = await new ApiBrowser(server).post('/api/shared', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
  });

  it('withdraws a share: the link stops working at once and the place is free', async () => {
    const { browser, userId } = await sharer();
    const recipients = Array.from({ length: 4 }, (_, i) => newEmail(`w${i}`));
    for (const recipient of recipients)
      expect((await browser.post('/api/share', { email: recipient })).status).toBe(200);
    const token = await linkTokenSentTo(recipients[1]!);
    expect((await new ApiBrowser(server).post('/api/shared', { token })).status).toBe(200);
    const full = (await (await browser.fetch(`${server.url}/api/share`)).json()) as {
      shares: Array<{ id: string; email: string }>;
    };
    const withdrawn = full.shares.find((share) => share.email === recipients[1])!;

    const answer = await browser.post('/api/share/remove', { id: withdrawn.id });
    expect(answer.status).toBe(200);
    expect((answer.body.shares as Array<{ email: string }>).map((share) => share.email)).toEqual(
      recipients.filter((_, i) => i !== 1),
    );
    const reopened = await new ApiBrowser(server).post('/api/shared', { token });
    expect(reopened.status).toBe(404);
    expect(reopened.body.error).toMatchObject({ code: 'share_link_invalid' });
    expect((await browser.post('/api/share', { email: newEmail('next') })).status).toBe(200);
    const events = await server.ctx.audit.forUser(userId, 50);
    expect(events.map((event) => event.type)).toContain('identity_share_withdrawn');

    const again = await browser.post('/api/share/remove', { id: withdrawn.id });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: 'share_not_found' });
  });

  it('withdraws only the user’s own shares', async () => {
    const owner = await sharer();
    const recipient = newEmail('own');
    const shared = await owner.browser.post('/api/share', { email: recipient });
    const [share] = shared.body.shares as Array<{ id: string }>;
    const other = await sharer();
    const answer = await other.browser.post('/api/share/remove', { id: share!.id });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'share_not_found' });
    expect(
      (
        await new ApiBrowser(server).post('/api/shared', {
          token: await linkTokenSentTo(recipient),
        })
      ).status,
    ).toBe(200);
    expect((await new ApiBrowser(server).post('/api/share/remove', { id: share!.id })).status).toBe(
      401,
    );
  });

  it.each([
    ['no id', {}],
    ['a malformed id', { id: 'not-a-share' }],
    ['an unknown field', { id: randomUUID(), email: 'a@example.com' }],
  ])('refuses %s when withdrawing', async (_, body) => {
    const { browser } = await sharer();
    const answer = await browser.post('/api/share/remove', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
  });

  it('needs a signed-in user to list or share', async () => {
    const visitor = new ApiBrowser(server);
    expect((await visitor.fetch(`${server.url}/api/share`)).status).toBe(401);
    const answer = await visitor.post('/api/share', { email: 'a@example.com' });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'not_signed_in' });
  });
});
