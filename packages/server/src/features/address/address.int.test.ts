import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressProviderError, uprnOf } from '../../providers/address/addressProvider.js';
import { HttpAddressProvider } from '../../providers/address/httpAddresses.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe('GET /api/address (sandbox provider)', () => {
  let server: TestServer;
  let browser: ApiBrowser;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await signUp(server, `${randomUUID()}@example.com`);
  });
  afterAll(async () => server?.close());

  const lookup = async (postcode: string, who = browser) => {
    const response = await who.fetch(
      `${server.url}/api/address?postcode=${encodeURIComponent(postcode)}`,
    );
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('finds a listed postcode however it is typed', async () => {
    for (const typed of ['SW1A 2AA', 'sw1a2aa', ' Sw1A  2aa ']) {
      const { status, body } = await lookup(typed);
      expect(status).toBe(200);
      expect(body).toHaveLength(3);
      expect((body as Array<{ key: string; value: { postcode: string } }>)[0]).toMatchObject({
        value: { line_1: '10 Downing Street', post_town: 'London', postcode: 'SW1A 2AA' },
      });
      expect(uprnOf((body as Array<{ key: string }>)[0]!.key)).toBe('900000000011');
    }
  });

  it('answers an unknown valid postcode with an empty list', async () => {
    expect(await lookup('AB10 1XG')).toEqual({ status: 200, body: [] });
  });

  it('refuses an invalid postcode with a code', async () => {
    const { status, body } = await lookup('NOT A CODE');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('answers the outage test postcode with 503 service_unavailable', async () => {
    const { status, body } = await lookup('ZE9 9ZZ');
    expect(status).toBe(503);
    expect(body).toMatchObject({ error: { code: 'service_unavailable' } });
  });

  it('needs a signed-in user', async () => {
    const { status, body } = await lookup('SW1A 1AA', new ApiBrowser(server));
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { code: 'not_signed_in' } });
  });
});

describe('HttpAddressProvider against a local fake of the postcode API', () => {
  let fake: Server;
  let url: string;
  const seen: Array<{ path: string; auth: string | undefined }> = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization });
      const postcode = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.headers.authorization !== 'api-key test-key')
        return send(401, { error: 'unauthorised' });
      if (postcode === 'M1 1AE')
        return send(200, [
          {
            key: 'paf_8765_10001234567',
            value: {
              line_1: '1 Piccadilly',
              line_2: '',
              post_town: 'Manchester',
              postcode: 'M1 1AE',
            },
          },
        ]);
      if (postcode === 'B33 8TH') return send(200, '{"not":"a list"}');
      if (postcode === 'CR2 6XH') return send(500, { error: 'boom' });
      return send(404, { error: 'not found' });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => fake.close(() => resolve())));

  it('sends the key and reads key and value', async () => {
    const items = await new HttpAddressProvider(url, 'test-key').lookup('M1 1AE');
    expect(items).toEqual([
      {
        key: 'paf_8765_10001234567',
        value: { line_1: '1 Piccadilly', line_2: '', post_town: 'Manchester', postcode: 'M1 1AE' },
      },
    ]);
    expect(uprnOf(items[0]!.key)).toBe('10001234567');
    expect(seen.at(-1)).toEqual({ path: '/postcodes/M1%201AE', auth: 'api-key test-key' });
  });

  it('reads 404 as no addresses', async () => {
    expect(await new HttpAddressProvider(url, 'test-key').lookup('AB10 1XG')).toEqual([]);
  });

  it.each([
    ['an unexpected shape', 'B33 8TH', 'test-key'],
    ['a server error', 'CR2 6XH', 'test-key'],
    ['a refused key', 'M1 1AE', 'wrong'],
  ])('turns %s into a provider error', async (_name, postcode, key) => {
    await expect(new HttpAddressProvider(url, key).lookup(postcode)).rejects.toBeInstanceOf(
      AddressProviderError,
    );
  });

  it('turns an unreachable API into a provider error', async () => {
    await expect(
      new HttpAddressProvider('http://127.0.0.1:9', 'k').lookup('M1 1AE'),
    ).rejects.toBeInstanceOf(AddressProviderError);
  });

  it('is what the server uses when ADDRESS_API_URL is set, answering 503 when it fails', async () => {
    const server = await startTestServer('sqlite', {
      ADDRESS_API_URL: url,
      ADDRESS_API_KEY: 'test-key',
    });
    try {
      const browser = await signUp(server, `${randomUUID()}@example.com`);
      const ok = await browser.fetch(`${server.url}/api/address?postcode=M1%201AE`);
      expect(await ok.json()).toHaveLength(1);
      const failed = await browser.fetch(`${server.url}/api/address?postcode=CR2%206XH`);
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      await server.close();
    }
  });
});
