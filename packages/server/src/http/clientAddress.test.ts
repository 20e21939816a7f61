import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './clientAddress.js';

const request = (socket: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: socket },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it.each([
    ['no proxy trusted: the socket', request('10.0.0.1', '6.6.6.6'), 0, '10.0.0.1'],
    [
      'one proxy: the address it added',
      request('10.0.0.1', '6.6.6.6, 203.0.113.9'),
      1,
      '203.0.113.9',
    ],
    ['one proxy, no header', request('10.0.0.1'), 1, '10.0.0.1'],
    ['two proxies', request('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1'), 2, '203.0.113.9'],
    ['more hops trusted than present', request('10.0.0.1', '203.0.113.9'), 5, '203.0.113.9'],
  ])('%s', (_name, req, hops, expected) => {
    expect(clientAddress(req, hops)).toBe(expected);
  });
});
