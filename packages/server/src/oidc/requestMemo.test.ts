import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { RequestMemo } from './requestMemo.js';

const requests = new AsyncLocalStorage<object>();
const inRequest = <T>(request: object, run: () => T) => requests.run(request, run);

describe('RequestMemo', () => {
  const memo = () => new RequestMemo<string>(() => requests.getStore());

  it('gives a kept record to the request that kept it, once', () => {
    const kept = memo();
    const request = {};
    inRequest(request, () => kept.keep('Grant:g', 'row'));
    expect(inRequest(request, () => kept.take('Grant:g'))).toBe('row');
    expect(inRequest(request, () => kept.take('Grant:g'))).toBeUndefined();
  });

  it('never gives one request what another kept, nor outside a request', () => {
    const kept = memo();
    const [one, two] = [{}, {}];
    inRequest(one, () => kept.keep('Grant:g', 'one'));
    expect(inRequest(two, () => kept.take('Grant:g'))).toBeUndefined();
    expect(kept.take('Grant:g')).toBeUndefined();
    expect(inRequest(one, () => kept.take('Grant:g'))).toBe('one');
  });

  it('keeps nothing outside a request', () => {
    const kept = memo();
    kept.keep('Grant:g', 'row');
    expect(kept.take('Grant:g')).toBeUndefined();
    const request = {};
    expect(inRequest(request, () => kept.take('Grant:g'))).toBeUndefined();
  });

  it("drops a request's records when it forgets (before a write), and only that request's", () => {
    const kept = memo();
    const [one, two] = [{}, {}];
    inRequest(one, () => kept.keep('Grant:g', 'one'));
    inRequest(two, () => kept.keep('Grant:g', 'two'));
    inRequest(one, () => kept.forget());
    expect(inRequest(one, () => kept.take('Grant:g'))).toBeUndefined();
    expect(inRequest(two, () => kept.take('Grant:g'))).toBe('two');
  });

  it('keeps across the awaits of one request', async () => {
    const kept = memo();
    const request = {};
    const taken = await requests.run(request, async () => {
      kept.keep('Session:u', 'session');
      await new Promise((resolve) => setTimeout(resolve, 1));
      return kept.take('Session:u');
    });
    expect(taken).toBe('session');
  });
});
