import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createAppContext, type AppContext } from '../../context.js';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser } from '../../test/journey.js';
import { startTestServer, testEnv } from '../../test/testServer.js';

interface Received {
  to: string[];
  data: string;
}

/** A local SMTP server that refuses (421, "try again later") the first `refusals` messages. */
async function smtpServer() {
  const received: Received[] = [];
  const refusedAt: number[] = [];
  const state = { refusals: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (state.refusals > 0) {
          state.refusals--;
          refusedAt.push(Date.now());
          return callback(Object.assign(new Error('try again later'), { responseCode: 421 }));
        }
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    refusedAt,
    state,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

async function until(condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rows = (ctx: AppContext) => ctx.database.db.selectFrom('outbox').selectAll().execute();

describe.each(databaseTargets())('e-mail through the queue, over SMTP (%s)', (target) => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  const open: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    smtp = await smtpServer();
  });
  afterAll(async () => smtp.close());
  afterEach(async () => {
    smtp.received.length = 0;
    smtp.refusedAt.length = 0;
    smtp.state.refusals = 0;
    for (const item of open.splice(0).reverse()) await item.close();
  });

  /** An instance's context; several may share one database (`env`). */
  async function instance(env: Record<string, string>): Promise<AppContext> {
    const ctx = await createAppContext(loadConfig(env));
    open.push(ctx);
    return ctx;
  }
  function database(extra: Record<string, string>) {
    const made = testEnv(target, { MAIL_RETRY_FIRST_MS: '100', ...extra });
    open.push({ close: made.cleanup });
    return made.env;
  }

  it('answers without waiting for SMTP, retries a refusal with back-off, and sends once', async () => {
    smtp.state.refusals = 2;
    const server = await startTestServer(target, {
      SMTP_URL: smtp.url,
      MAIL_RETRY_FIRST_MS: '100',
    });
    open.push(server);
    const answer = await new ApiBrowser(server).post('/api/contact', {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      help: 'My code 123456 does not work.',
    });
    expect(answer.body).toEqual({ status: 'OK' });
    await until(() => smtp.received.length > 0);
    expect(smtp.refusedAt).toHaveLength(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['support@localhost']);
    expect(smtp.received[0]!.data).toContain('My code 123456 does not work.');
    // The first retry waits 50-100 ms, the second 100-200 ms (retryDelay.ts).
    const [first, second] = smtp.refusedAt as [number, number];
    expect(second - first).toBeGreaterThanOrEqual(50);
    expect(Date.now() - second).toBeGreaterThanOrEqual(90);
    // Sent: the row, body and all, is gone; nothing shows in the development outbox. (The
    // worker counts a send once the server has accepted it and the row is deleted.)
    await until(async () => (await server.ctx.mailQueue.pendingCount()) === 0);
    await until(() => server.ctx.mailWorker?.counts.sent === 1);
    expect(server.ctx.mailWorker?.counts).toMatchObject({ sent: 1, retried: 2, givenUp: 0 });
    expect(await rows(server.ctx)).toEqual([]);
    expect(await server.ctx.outbox.list()).toEqual([]);
  });

  it('keeps the body encrypted while the mail waits, and a restart sends it', async () => {
    const env = database({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const first = await instance(env);
    await first.email.send({ to: 'ann@example.com', subject: 'Your code', text: 'Code 654321' });
    await until(() => (first.mailWorker?.counts.retried ?? 0) > 0);
    const [row] = await rows(first);
    expect(row).toMatchObject({ status: 'pending', recipient: 'ann@example.com' });
    expect(row!.body).not.toContain('654321');
    expect(await first.mailQueue.pendingCount()).toBe(1);
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await instance({ ...env, SMTP_URL: smtp.url });
    await until(() => smtp.received.length > 0);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ann@example.com']]);
    expect(smtp.received[0]!.data).toContain('Code 654321');
    await until(async () => (await second.mailQueue.pendingCount()) === 0);
  });

  it('gives up after MAIL_MAX_ATTEMPTS, dropping the message', async () => {
    smtp.state.refusals = 100;
    const ctx = await instance(database({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3' }));
    await ctx.email.send({ to: 'bob@example.com', subject: 'Hello', text: 'Hi Bob' });
    await until(() => (ctx.mailWorker?.counts.givenUp ?? 0) === 1);
    expect(smtp.refusedAt).toHaveLength(3);
    expect(smtp.received).toEqual([]);
    expect(await rows(ctx)).toEqual([]);
  });

  it('queues mail in the transaction of the change that causes it', async () => {
    const ctx = await instance(database({ SMTP_URL: 'smtp://127.0.0.1:9' }));
    await ctx.database.db
      .transaction()
      .execute(async (trx) => {
        await ctx.email.send({ to: 'cy@example.com', subject: 'Changed', text: 'It changed' }, trx);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await rows(ctx)).toEqual([]);
  });

  it.runIf(target === 'postgres')(
    'two instances on one database send each message once',
    async () => {
      const env = database({ SMTP_URL: smtp.url });
      const [a, b] = [await instance(env), await instance(env)];
      // Queued without waking either worker, then both drained at once.
      for (let i = 0; i < 40; i++)
        await a.outbox.add(
          { channel: 'email', recipient: `n${i}@example.com`, subject: `Mail ${i}`, body: 'Hi' },
          { queued: true },
        );
      await Promise.all([a.email.flush(), b.email.flush(), a.email.flush(), b.email.flush()]);
      await until(() => smtp.received.length >= 40);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const recipients = smtp.received.map((mail) => mail.to[0]);
      expect(recipients).toHaveLength(40);
      expect(new Set(recipients).size).toBe(40);
      expect(a.mailWorker!.counts.sent + b.mailWorker!.counts.sent).toBe(40);
    },
  );
});
