import { describe, expect, it } from 'vitest';
import { escapeHtml, html, layout } from './html.js';
import { errorPage, mePage } from './pages.js';

/** Prettier re-indents html`` templates; compare markup without whitespace between tags. */
function compact(markup: string): string {
  return markup.replace(/>\s+</g, '><').trim();
}

describe('html', () => {
  it('escapes interpolated values but not nested fragments', () => {
    const name = '<script>alert("x")</script>';
    expect(html`<p>${name}</p>`.value).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>',
    );
    expect(html`<div>${html`<b>${'&'}</b>`}</div>`.value).toBe('<div><b>&amp;</b></div>');
    expect(
      compact(
        html`<ul>
          ${['a', 'b'].map((x) => html`<li>${x}</li>`)}
        </ul>`.value,
      ),
    ).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('lays a page out with a language and a title', () => {
    const page = layout('A <title>', html`<h1>Hi</h1>`);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>A &lt;title&gt; · Demo relying party</title>');
  });

  it('escapes claims and provider errors', () => {
    const me = mePage({
      claims: { sub: '<b>x</b>', iat: 0, address: { country: 'GB' } },
      userinfo: null,
      userinfoError: '<oops>',
    });
    expect(me).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(me).toContain('0 (1970-01-01T00:00:00.000Z)');
    expect(me).toContain('{&quot;country&quot;:&quot;GB&quot;}');
    expect(me).toContain('&lt;oops&gt;');
    const error = errorPage({
      title: 'T',
      message: 'M',
      details: [
        ['error', '<e>'],
        ['error_description', undefined],
      ],
    });
    expect(compact(error)).toContain('<dt>error</dt><dd>&lt;e&gt;</dd>');
    expect(error).not.toContain('error_description');
  });
});
