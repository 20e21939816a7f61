import { describe, expect, it } from 'vitest';
import { addressListSchema } from './profile';

describe('addressListSchema', () => {
  it('reads the lookup answer, an absent line_2 as empty', () => {
    const answer = [
      {
        key: 'sandbox_900000010',
        value: {
          line_1: '10 Downing Street',
          line_2: '',
          post_town: 'London',
          postcode: 'SW1A 2AA',
        },
      },
      { key: 'k_2', value: { line_1: 'A', post_town: 'B', postcode: 'M1 1AE', extra: 1 } },
    ];
    expect(addressListSchema.parse(answer)).toEqual([
      answer[0],
      { key: 'k_2', value: { line_1: 'A', line_2: '', post_town: 'B', postcode: 'M1 1AE' } },
    ]);
    expect(addressListSchema.parse([])).toEqual([]);
  });

  it('refuses anything else', () => {
    for (const answer of [
      null,
      {},
      [null],
      [{ key: '', value: {} }],
      [{ key: 'k', value: { line_1: 1, post_town: 'x', postcode: 'y' } }],
      [{ key: 'k' }],
    ]) {
      expect(() => addressListSchema.parse(answer)).toThrow();
    }
  });
});
