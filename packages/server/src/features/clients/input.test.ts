import { describe, expect, it } from 'vitest';
import { logoProblem, shownLogo } from './input.js';

describe('the client logo shown to users', () => {
  it.each<[string, string | undefined, string | null]>([
    ['no logo', undefined, null],
    ['a png over https', 'https://x.example/logo.png', 'https://x.example/logo.png'],
    [
      'an svg whose query names no type',
      'https://x.example/a.SVG?v=2',
      'https://x.example/a.SVG?v=2',
    ],
    ['stored before the type rule: no type in the path', 'https://x.example/logo', null],
    ['a type only in the query', 'https://x.example/logo.php?f=a.png', null],
    ['plain http off loopback', 'http://x.example/logo.png', null],
    [
      'http on loopback outside production',
      'http://127.0.0.1:3000/a.png',
      'http://127.0.0.1:3000/a.png',
    ],
  ])('%s', (_, logo, shown) => {
    expect(shownLogo(logo)).toBe(shown);
    if (logo !== undefined) expect(logoProblem(logo) === null).toBe(shown !== null);
  });
});
