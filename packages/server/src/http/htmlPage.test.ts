import { brandMarkPaths } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { htmlPage } from './htmlPage.js';

describe('htmlPage', () => {
  it('puts the brand header (mark and product name, linking home) before the page', () => {
    const page = htmlPage('Signed out', '<h1>Signed out</h1>', { product: 'Verity' });
    const header = /<header class="brand-bar">(.*?)<\/header><main id="main">/s.exec(page)?.[1];
    expect(header).toContain('<a class="brand" href="/">');
    expect(header).toContain(`d="${brandMarkPaths.shield}"`);
    expect(header).toContain(`d="${brandMarkPaths.tick}"`);
    expect(header).toMatch(/<\/svg>Verity<\/a>/);
    expect(page).toContain('<main id="main"><h1>Signed out</h1></main>');
  });

  it('escapes the configured product name and the title, and keeps the language', () => {
    const page = htmlPage('<Title>', '', { product: 'A & <B>', language: 'cy' });
    expect(page).toContain('</svg>A &amp; &lt;B&gt;</a>');
    expect(page).toContain('<title>&lt;Title&gt;</title>');
    expect(page).toContain('<html lang="cy">');
  });

  it('widens the card on request only', () => {
    expect(htmlPage('t', '', { product: 'V', wide: true })).toContain(
      '<main id="main" class="wide">',
    );
    expect(htmlPage('t', '', { product: 'V' })).toContain('<main id="main">');
  });
});
