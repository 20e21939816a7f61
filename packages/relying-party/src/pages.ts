/** The server-rendered pages of the demo relying party. */
import { html, layout, type SafeHtml } from './html.js';

const TIME_CLAIMS = new Set(['iat', 'exp', 'auth_time', 'nbf', 'updated_at']);

function formatValue(name: string, value: unknown): string {
  if (typeof value === 'number' && TIME_CLAIMS.has(name)) {
    return `${value} (${new Date(value * 1000).toISOString()})`;
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function claimsTable(caption: string, claims: Record<string, unknown>): SafeHtml {
  const rows = Object.entries(claims).map(
    ([name, value]) =>
      html`<tr>
        <th scope="row">${name}</th>
        <td>${formatValue(name, value)}</td>
      </tr>`,
  );
  return html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        <th scope="col">Claim</th>
        <th scope="col">Value</th>
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

export function homePage(signedIn: boolean): string {
  return layout(
    'Welcome',
    html`<h1>Demo relying party</h1>
      <p>
        This small app is a client of Verity. It signs you in with OpenID Connect (authorization
        code flow with PKCE) and shows what Verity tells it about you.
      </p>
      <form method="post" action="/login">
        <button type="submit">Sign in with Verity</button>
      </form>
      ${signedIn ? html`<p><a href="/me">See your signed-in details</a></p>` : ''}`,
  );
}

export interface MePageData {
  claims: Record<string, unknown>;
  userinfo: Record<string, unknown> | null;
  userinfoError: string | null;
}

export function mePage({ claims, userinfo, userinfoError }: MePageData): string {
  return layout(
    'Your details',
    html`<h1>You are signed in</h1>
      <p>Verity verified your sign-in. These are the details this app received.</p>
      <h2>ID token</h2>
      ${claimsTable('Verified ID token claims', claims)}
      <h2>UserInfo</h2>
      ${
        userinfo
          ? claimsTable('Answer of the UserInfo endpoint', userinfo)
          : html`<p class="error">The UserInfo endpoint did not answer: ${userinfoError}</p>`
      }
      <form method="post" action="/logout">
        <button type="submit">Sign out</button>
      </form>`,
  );
}

export interface ErrorPageData {
  title: string;
  message: string;
  details?: Array<[string, string | undefined]>;
}

export function errorPage({ title, message, details = [] }: ErrorPageData): string {
  const items = details
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(
      ([term, value]) =>
        html`<dt>${term}</dt>
          <dd>${value}</dd>`,
    );
  return layout(
    title,
    html`<h1>${title}</h1>
      <div class="error">
        <p>${message}</p>
        ${items.length > 0 ? html`<dl>${items}</dl>` : ''}
      </div>
      <p><a class="button" href="/">Back to the start</a></p>`,
  );
}

export function notFoundPage(): string {
  return errorPage({ title: 'Page not found', message: 'There is no page at this address.' });
}
