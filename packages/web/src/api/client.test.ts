import { errorCatalogue, sessionSchema } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { showLanguage } from '../copy/language';
import { ApiError, createApiClient } from './client';

interface Call {
  input: string;
  init: RequestInit;
}

function clientAnswering(answer: () => Promise<Response>) {
  const calls: Call[] = [];
  const client = createApiClient((input, init) => {
    calls.push({ input, init });
    return answer();
  });
  return { client, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  it('GETs without a body, same-origin and uncached, and returns the parsed answer', async () => {
    const { client, calls } = clientAnswering(async () => json({ loggedIn: false, email: null }));
    await expect(client.getJson('/api/session', sessionSchema)).resolves.toEqual({
      loggedIn: false,
      email: null,
    });
    expect(calls[0]?.input).toBe('/api/session');
    expect(calls[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      body: undefined,
    });
  });

  it('POSTs a photo as the raw body, typed by its Blob (an untyped file still as an image)', async () => {
    const { client, calls } = clientAnswering(async () => json({ loggedIn: true, email: 'a@b.c' }));
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await client.postBlob('/api/photoid/selfie', jpeg, sessionSchema);
    await client.postBlob('/api/photoid/selfie', new Blob([new Uint8Array([1])]), sessionSchema);
    expect(
      calls.map((call) => [
        call.init.body,
        (call.init.headers as Record<string, string>)['Content-Type'],
      ]),
    ).toEqual([
      [jpeg, 'image/jpeg'],
      [expect.any(Blob), 'image/unknown'],
    ]);
  });

  it('POSTs JSON, `{}` when there is no payload', async () => {
    const { client, calls } = clientAnswering(async () => json({ loggedIn: true, email: 'a@b.c' }));
    await client.postJson('/api/x', undefined, sessionSchema);
    await client.postJson('/api/x', { Email: 'a@b.c' }, sessionSchema);
    expect(calls[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(calls[0]?.init.body).toBe('{}');
    expect(calls[1]?.init.body).toBe('{"Email":"a@b.c"}');
  });

  it("throws the answer's error code and message", async () => {
    const body = { error: { code: 'request_not_found', message: 'Gone.' } };
    const { client } = clientAnswering(async () => json(body, 404));
    const error = await failure(client.postJson('/api/requests/abc', undefined, sessionSchema));
    expect(error).toMatchObject({ code: 'request_not_found', status: 404, message: 'Gone.' });
  });

  it("keeps the error's details", async () => {
    const body = {
      error: { code: 'validation_failed', message: 'No.', details: { given_name: 'Required' } },
    };
    const { client } = clientAnswering(async () => json(body, 400));
    const error = await failure(client.postJson('/api/profile', {}, sessionSchema));
    expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(error.details).toEqual({ given_name: 'Required' });
  });

  it('throws internal_error for an error answer outside the catalogue', async () => {
    const { client } = clientAnswering(async () => new Response('Not Found', { status: 404 }));
    const error = await failure(client.getJson('/api/session', sessionSchema));
    expect(error).toMatchObject({ code: 'internal_error', status: 404 });
    expect(error.message).toBe(errorCatalogue.internal_error.message);
  });

  it('says an error it makes itself in the language of the screens', async () => {
    const { client } = clientAnswering(async () => new Response('Not Found', { status: 404 }));
    await showLanguage('cy');
    try {
      const error = await failure(client.getJson('/api/session', sessionSchema));
      expect(error.message).toBe(
        "Wps. Aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
      );
      expect(new ApiError('pin_revoked', 410).message).toMatch(/^Rydych wedi defnyddio gormod/);
      // Codes the SPA never makes keep the catalogue's message.
      expect(new ApiError('not_found', 404).message).toBe(errorCatalogue.not_found.message);
    } finally {
      await showLanguage('en');
    }
  });

  it('throws internal_error for an answer that does not match its schema', async () => {
    const { client } = clientAnswering(async () => json({ loggedIn: 'yes' }));
    const error = await failure(client.getJson('/api/session', sessionSchema));
    expect(error).toMatchObject({ code: 'internal_error', status: 200 });
  });

  it('throws internal_error with status 0 when the network fails', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client.getJson('/api/session', sessionSchema));
    expect(error).toMatchObject({ code: 'internal_error', status: 0 });
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client } = clientAnswering(() => Promise.reject(abort));
    await expect(client.getJson('/api/session', sessionSchema)).rejects.toBe(abort);
  });
});
