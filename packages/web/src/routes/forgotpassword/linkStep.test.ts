import { describe, expect, it } from 'vitest';
import { stepFromLink } from './linkStep';

describe('stepFromLink', () => {
  it.each([
    [
      '#email=ada%40example.com&token=t0k',
      { step: 'password', email: 'ada@example.com', resetToken: 't0k' },
    ],
    ['#token=t0k', { step: 'email', email: '', notice: null }],
    ['#email=ada%40example.com', { step: 'email', email: '', notice: null }],
    ['', { step: 'email', email: '', notice: null }],
  ])('%s', (hash, step) => {
    expect(stepFromLink(hash)).toEqual(step);
  });

  it('reads the same link again (a restarted render gets the same step)', () => {
    const link = '#email=ada%40example.com&token=t0k';
    expect(stepFromLink(link)).toEqual(stepFromLink(link));
  });
});
