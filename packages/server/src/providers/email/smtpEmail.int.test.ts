import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/testServer.js';
import { SmtpEmailProvider } from './smtpEmail.js';

describe('e-mail over SMTP', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let smtp: SMTPServer;
  let url: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers a message to a real SMTP server', async () => {
    const provider = new SmtpEmailProvider(url, 'Verity <no-reply@verity.test>');
    await provider.send({
      to: 'ann@example.com',
      subject: 'Your code',
      text: 'Your code is 123456',
    });
    await provider.close();
    const message = received.at(-1)!;
    expect(message.from).toBe('no-reply@verity.test');
    expect(message.to).toEqual(['ann@example.com']);
    expect(message.data).toContain('Subject: Your code');
    expect(message.data).toContain('Your code is 123456');
  });

  it('reports a failed delivery without failing the call, and without the message', async () => {
    const failures: string[] = [];
    const provider = new SmtpEmailProvider(
      'smtp://127.0.0.1:9',
      'Verity <no-reply@verity.test>',
      (reason) => failures.push(reason),
    );
    await provider.send({
      to: 'ann@example.com',
      subject: 'Secret code 123456',
      text: 'Your code is 123456',
    });
    await provider.close();
    expect(failures).toHaveLength(1);
    expect(failures[0]).not.toContain('123456');
    expect(failures[0]).not.toContain('ann@example.com');
  });

  it('is what the server uses when SMTP_URL is set, instead of the outbox', async () => {
    const server = await startTestServer('sqlite', { SMTP_URL: url });
    try {
      expect(server.ctx.email.kind).toBe('smtp');
      await server.ctx.email.send({ to: 'bob@example.com', subject: 'Hello', text: 'Hi Bob' });
      await server.ctx.email.flush();
      expect(received.at(-1)!.to).toEqual(['bob@example.com']);
      expect(await server.ctx.outbox.list()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
