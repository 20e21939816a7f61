import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptedRequestId, requestIdGenerator } from './requestId.js';

const request = (id?: string | string[]) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

describe('acceptedRequestId', () => {
  it.each([
    ['abc', 'abc'],
    ['0f8c2e1a-7b7c-4a0b-9a61-1d3c2f0e9b11', '0f8c2e1a-7b7c-4a0b-9a61-1d3c2f0e9b11'],
    ['lb:trace.1_2', 'lb:trace.1_2'],
    ['x'.repeat(128), 'x'.repeat(128)],
    ['', undefined],
    ['x'.repeat(129), undefined],
    ['has space', undefined],
    ['line\nbreak', undefined],
    ['quote"', undefined],
    ['{"json":1}', undefined],
    ['é', undefined],
    [['a', 'b'], undefined],
    [undefined, undefined],
  ])('%j -> %j', (header, expected) => {
    expect(acceptedRequestId(header)).toBe(expected);
  });
});

describe('requestIdGenerator', () => {
  it('adopts a valid X-Request-Id and makes its own for anything else', () => {
    const next = requestIdGenerator();
    expect(next(request('from-proxy-1'))).toBe('from-proxy-1');
    const own = next(request('bad id'));
    expect(own).toMatch(/^[A-Za-z0-9_-]{8}-1$/);
    expect(next(request())).toMatch(/-2$/);
  });

  it('starts each process (generator) with a different prefix, so ids never repeat', () => {
    const first = requestIdGenerator()(request());
    const second = requestIdGenerator()(request());
    expect(first).not.toBe(second);
    expect(first).not.toBe('req-1');
  });
});
