import { describe, expect, it } from 'vitest';
import { sandboxLogo } from './sandboxLogo.js';

describe('the sandbox banks’ logos (issue 21: they were identical)', () => {
  const redirect = sandboxLogo('Sandbox Bank', 'redirect');
  const embedded = sandboxLogo('Sandbox Bank Embedded', 'embedded');

  it('differ in colour, mark and name', () => {
    expect(redirect).not.toBe(embedded);
    const fill = (svg: string) =>
      /<rect width="200" height="60" rx="8" fill="([^"]+)"/.exec(svg)?.[1];
    expect(fill(redirect)).not.toBe(fill(embedded));
    expect(embedded).toContain('>Embedded</text>');
  });

  it.each([
    [redirect, 'Sandbox Bank'],
    [embedded, 'Sandbox Bank Embedded'],
  ])('are named for assistive technology: %#', (svg, name) => {
    expect(svg).toContain(`role="img" aria-label="${name}"`);
    expect(svg).toContain(`<title>${name}</title>`);
  });

  it('escape the name', () => {
    expect(sandboxLogo('A<b>&"', 'redirect')).toContain('aria-label="A&#60;b&#62;&#38;&#34;"');
  });
});
