import { describe, expect, it } from 'vitest';
import { slots } from './decodeSlots.js';
import { PhotoPipelineUnavailable } from './photoPipelineUnavailable.js';

/** A piece of work that ends when told to, and says when it started. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  const state = { started: false };
  return { state, open, work: async () => ((state.started = true), await done, 'done') };
}

describe('decoding slots', () => {
  it('runs two at once, queues one, refuses the next, and lets the queued one in when a slot frees', async () => {
    const run = slots(2, 1);
    const [a, b, c, d] = [gate(), gate(), gate(), gate()];
    const first = run(a.work);
    const second = run(b.work);
    const third = run(c.work);
    await expect(run(d.work)).rejects.toBeInstanceOf(PhotoPipelineUnavailable);
    await Promise.resolve();
    expect([a.state.started, b.state.started, c.state.started, d.state.started]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    a.open();
    expect(await first).toBe('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(c.state.started).toBe(true);
    b.open();
    c.open();
    expect(await Promise.all([second, third])).toEqual(['done', 'done']);
  });

  it('frees the slot when the work fails', async () => {
    const run = slots(1, 0);
    await expect(run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await run(() => Promise.resolve('next'))).toBe('next');
  });
});
