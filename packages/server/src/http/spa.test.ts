import { describe, expect, it } from 'vitest';
import { brandedIndex } from './spa.js';

const html =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body></body></html>';

describe('brandedIndex', () => {
  it('puts the configured names first in the head', () => {
    expect(brandedIndex(html, { product: 'MyIdentity', company: 'MyIdentity Ltd' })).toBe(
      '<!doctype html><html lang="en"><head>' +
        '<meta name="verity:product" content="MyIdentity" />' +
        '<meta name="verity:company" content="MyIdentity Ltd" />' +
        '<meta charset="UTF-8" /></head><body></body></html>',
    );
  });

  it.each([
    ['Smith & Sons', 'Smith &amp; Sons'],
    ['"quoted"', '&quot;quoted&quot;'],
    ['<script>x</script>', '&lt;script&gt;x&lt;/script&gt;'],
  ])('escapes %s', (name, escaped) => {
    expect(brandedIndex(html, { product: name, company: 'C' })).toContain(
      `<meta name="verity:product" content="${escaped}" />`,
    );
  });

  it('leaves the page alone without names', () => {
    expect(brandedIndex(html, undefined)).toBe(html);
  });
});
