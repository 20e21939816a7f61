import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { sweepContactMessages } from './retention.js';

describe.each(databaseTargets())('POST /api/contact (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  const message = {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    help: 'I cannot find my verification.',
  };

  it('stores the message encrypted and e-mails support', async () => {
    expect((await new ApiBrowser(server).post('/api/contact', message)).body).toEqual({
      status: 'OK',
    });
    const [mail] = await server.ctx.outbox.list({ recipient: 'support@localhost', limit: 1 });
    expect(mail?.body).toContain('I cannot find my verification.');
    expect(mail?.body).toContain('Ada Lovelace <ada@example.com>');
    const rows = await server.ctx.database.db
      .selectFrom('contact_messages')
      .select('message')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).not.toContain('Ada');
  });

  it('drops a message whose honeypot is filled, with the same answer', async () => {
    const before = (await server.ctx.outbox.list({ recipient: 'support@localhost' })).length;
    expect(
      (await new ApiBrowser(server).post('/api/contact', { ...message, a_password: 'bot' })).body,
    ).toEqual({ status: 'OK' });
    expect((await server.ctx.outbox.list({ recipient: 'support@localhost' })).length).toBe(before);
  });

  it.each([
    ['no e-mail', { ...message, email: '' }],
    ['a bad e-mail', { ...message, email: 'ada@' }],
    ['no name', { ...message, name: '  ' }],
    ['no text', { ...message, help: '' }],
    ['an unknown field', { ...message, phone: '123' }],
    ['a huge text', { ...message, help: 'x'.repeat(5001) }],
  ])('refuses %s with a code', async (_name, body) => {
    const response = await new ApiBrowser(server).post('/api/contact', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_failed' });
  });

  it('limits messages per client address', async () => {
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (await new ApiBrowser(server).post('/api/contact', message)).status;
    expect(last).toBe(429);
  });

  it('deletes messages older than CONTACT_RETENTION_DAYS (365 by default) and keeps the rest', async () => {
    const db = server.ctx.database.db;
    const now = Date.now();
    const day = 86_400_000;
    const ages = { old: 366, edge: 365, recent: 364 };
    const ids: Record<string, string> = {};
    for (const [name, days] of Object.entries(ages)) {
      ids[name] = randomUUID();
      await db
        .insertInto('contact_messages')
        .values({ id: ids[name]!, message: 'sealed', created_at: now - days * day + 1000 })
        .execute();
    }
    expect(server.ctx.config.contactRetentionDays).toBe(365);

    const deleted = await sweepContactMessages(db, server.ctx.config.contactRetentionDays, now);
    expect(deleted).toBe(1);
    const left = await db
      .selectFrom('contact_messages')
      .select('id')
      .where('id', 'in', Object.values(ids))
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids.edge!, ids.recent!].sort());

    // A day later the message at the edge goes too; the messages sent by the tests above stay.
    expect(await sweepContactMessages(db, 365, now + day)).toBe(1);
    expect(
      (await db.selectFrom('contact_messages').select('id').execute()).map((row) => row.id),
    ).not.toContain(ids.edge);
    expect(await db.selectFrom('contact_messages').select('id').execute()).not.toHaveLength(0);
  });
});
