import type { DeliveryStatus } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import type { OutboxStore } from '../../features/outbox/store.js';
import { normaliseStatus, spokenText, toE164, type PhoneChannel } from './phoneProvider.js';
import { SandboxPhoneProvider } from './sandboxPhone.js';

/** The outbox's add only: the sandbox's statuses do not depend on it. */
function sandboxAt(clock: { now: number }) {
  const sent: Array<{ channel: string; recipient: string; body: string }> = [];
  const outbox = {
    add: async (message: { channel: string; recipient: string; body: string }) => {
      sent.push(message);
      return message;
    },
  } as unknown as OutboxStore;
  return { sent, phone: new SandboxPhoneProvider(outbox, 'Verity', () => clock.now) };
}

/** A channel, a number, then each [milliseconds after sending, status then]. */
type StatusTimeline = [PhoneChannel, string, ...Array<[number, DeliveryStatus]>];

describe('SandboxPhoneProvider', () => {
  it.each<StatusTimeline>([
    ['sms', '07700900123', [0, 'initiated'], [1500, 'sent'], [2500, 'delivered']],
    ['sms', '07700900111', [0, 'initiated'], [1500, 'sent'], [2500, 'failed']],
    [
      'voice',
      '01632960123',
      [0, 'initiated'],
      [1500, 'ringing'],
      [3000, 'in-progress'],
      [4500, 'completed'],
    ],
    ['voice', '01632960111', [500, 'initiated'], [1500, 'ringing'], [2500, 'busy']],
    ['voice', '01632960222', [2500, 'failed']],
    ['voice', '01632960333', [2500, 'no-answer']],
  ])('%s to %s moves through its statuses', async (channel, number, ...steps) => {
    const clock = { now: 1_000_000 };
    const { phone } = sandboxAt(clock);
    const ref = await phone.send(channel, number, '123456');
    for (const [after, status] of steps) {
      clock.now = 1_000_000 + after;
      expect(await phone.status(channel, ref)).toBe(status);
    }
  });

  it('words the SMS and the call in the language asked for, English otherwise', async () => {
    const { phone, sent } = sandboxAt({ now: 0 });
    await phone.send('sms', '07700900123', '123456', 'cy');
    await phone.send('voice', '01632960123', '6543', 'cy');
    await phone.send('sms', '07700900123', '111111');
    expect(sent.map((message) => message.body)).toEqual([
      "Eich cod Verity yw 123456. Mae'n dod i ben mewn 10 munud. Peidiwch â'i rannu ag unrhyw un.",
      'Eich cod Verity yw 6, 5, 4, 3. Unwaith eto, eich cod yw 6, 5, 4, 3.',
      'Your Verity code is 111111. It expires in 10 minutes. Do not share it with anyone.',
    ]);
  });

  it('puts the code in the outbox only when the message or call gets through', async () => {
    const { phone, sent } = sandboxAt({ now: 0 });
    await phone.send('sms', '07700900123', '123456');
    await phone.send('voice', '01632960123', '654321');
    await phone.send('voice', '01632960111', '999999');
    expect(sent).toEqual([
      expect.objectContaining({
        channel: 'sms',
        recipient: '07700900123',
        body: expect.stringContaining('123456'),
      }),
      expect.objectContaining({
        channel: 'voice',
        body: expect.stringContaining('6, 5, 4, 3, 2, 1'),
      }),
      expect.objectContaining({
        channel: 'voice',
        body: 'Not answered: busy (sandbox test number)',
      }),
    ]);
  });
});

describe('phone helpers', () => {
  it.each([
    ['07700900123', '+447700900123'],
    ['01632960123', '+441632960123'],
  ])('%s is %s in E.164', (national, e164) => {
    expect(toE164(national)).toBe(e164);
  });

  it.each([
    ['sms', 'undelivered', 'failed'],
    ['voice', 'canceled', 'failed'],
    ['sms', 'accepted', 'queued'],
    ['sms', 'something new', 'sending'],
    ['voice', 'something new', 'initiated'],
    ['voice', 'no-answer', 'no-answer'],
  ] as const)('%s status %s is %s', (channel, raw, status) => {
    expect(normaliseStatus(channel, raw)).toBe(status);
  });

  it('speaks each digit', () => {
    expect(spokenText('Verity', '1234')).toBe(
      'Your Verity code is 1, 2, 3, 4. Again, your code is 1, 2, 3, 4.',
    );
  });
});
