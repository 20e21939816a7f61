import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPhoneProvider } from './httpPhone.js';
import { PhoneProviderError } from './phoneProvider.js';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A local stand-in for a Twilio-style API: records requests, answers like the real one. */
function fakeApi() {
  const received: Received[] = [];
  const statuses = new Map<string, string>();
  let failNext = 0;
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      if (failNext > 0) {
        failNext--;
        response.writeHead(500).end('{"message":"boom"}');
        return;
      }
      const created = /^\/2010-04-01\/Accounts\/AC123\/(Messages|Calls)\.json$/.exec(request.url!);
      const fetched = /^\/2010-04-01\/Accounts\/AC123\/(Messages|Calls)\/(\w+)\.json$/.exec(
        request.url!,
      );
      response.setHeader('content-type', 'application/json');
      if (created && request.method === 'POST') {
        const sid = `${created[1] === 'Messages' ? 'SM' : 'CA'}${received.length}`;
        statuses.set(sid, 'queued');
        response.writeHead(201).end(JSON.stringify({ sid, status: 'queued' }));
      } else if (fetched && statuses.has(fetched[2]!)) {
        response.end(JSON.stringify({ sid: fetched[2], status: statuses.get(fetched[2]!) }));
      } else response.writeHead(404).end('{"message":"not found"}');
    });
  });
  return {
    server,
    received,
    statuses,
    failOnce: () => {
      failNext = 1;
    },
  };
}

describe('HttpPhoneProvider against a Twilio-style API', () => {
  const api = fakeApi();
  let provider: HttpPhoneProvider;

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    const address = api.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    provider = new HttpPhoneProvider({
      url: `http://127.0.0.1:${port}/`,
      account: 'AC123',
      token: 'secret-token',
      from: '+447700900000',
      productName: 'Verity',
    });
  });
  afterAll(() => new Promise<void>((resolve) => api.server.close(() => resolve())));

  it('sends an SMS with basic auth and the number in E.164, and reads its status', async () => {
    const sid = await provider.send('sms', '07700900123', '123456');
    const request = api.received.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
      form: {
        To: '+447700900123',
        From: '+447700900000',
        Body: 'Your Verity code is 123456. It expires in 10 minutes. Do not share it with anyone.',
      },
    });
    expect(await provider.status('sms', sid)).toBe('queued');
    api.statuses.set(sid, 'delivered');
    expect(await provider.status('sms', sid)).toBe('delivered');
    api.statuses.set(sid, 'undelivered');
    expect(await provider.status('sms', sid)).toBe('failed');
  });

  it('places a call whose TwiML says the code', async () => {
    const sid = await provider.send('voice', '01632960123', '4321');
    expect(api.received.at(-1)).toMatchObject({
      url: '/2010-04-01/Accounts/AC123/Calls.json',
      form: {
        To: '+441632960123',
        Twiml:
          '<Response><Say>Your Verity code is 4, 3, 2, 1. Again, your code is 4, 3, 2, 1.</Say></Response>',
      },
    });
    api.statuses.set(sid, 'busy');
    expect(await provider.status('voice', sid)).toBe('busy');
    api.statuses.set(sid, 'in-progress');
    expect(await provider.status('voice', sid)).toBe('in-progress');
  });

  it('sends a Welsh SMS, and a Welsh call in the Welsh voice (cy-GB)', async () => {
    await provider.send('sms', '07700900123', '123456', 'cy');
    expect(api.received.at(-1)?.form).toMatchObject({
      Body: "Eich cod Verity yw 123456. Mae'n dod i ben mewn 10 munud. Peidiwch â'i rannu ag unrhyw un.",
    });
    await provider.send('voice', '01632960123', '4321', 'cy');
    expect(api.received.at(-1)?.form).toMatchObject({
      Twiml:
        '<Response><Say language="cy-GB">Eich cod Verity yw 4, 3, 2, 1. Unwaith eto, eich cod yw 4, 3, 2, 1.</Say></Response>',
    });
  });

  it('turns failures and odd answers into provider errors', async () => {
    api.failOnce();
    await expect(provider.send('sms', '07700900123', '123456')).rejects.toThrow(PhoneProviderError);
    await expect(provider.status('sms', 'SMunknown')).rejects.toThrow('answered 404');
    const down = new HttpPhoneProvider({
      url: 'http://127.0.0.1:1',
      account: 'AC123',
      token: 't',
      from: '+447700900000',
      productName: 'Verity',
    });
    await expect(down.send('sms', '07700900123', '123456')).rejects.toThrow(PhoneProviderError);
  });
});
