import { escapeHtml, htmlPage } from '../../http/htmlPage.js';
import { sandboxCustomers, SANDBOX_PASSWORD } from './customers.js';

const banner = `<p class="sandbox" role="note"><strong>Sandbox bank.</strong> This is a test bank built into Verity for development. No real bank is involved and no real money or data is shown.</p>`;

export function loginPage(requestId: string, error: string | null): string {
  const customers = Object.keys(sandboxCustomers)
    .map((name) => `<code>${escapeHtml(name)}</code>`)
    .join(', ');
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return htmlPage(
    'Sandbox Bank: log in',
    `${banner}
<h1>Sandbox Bank: log in</h1>
${error ? `<p id="login-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sandbox-bank/login">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<label for="username">Customer name</label>
<input id="username" name="username" autocomplete="off" required${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off" required${invalid}>
<div class="actions"><button type="submit">Log in</button></div>
</form>
<p>Test customers: ${customers}. The password is <code>${SANDBOX_PASSWORD}</code>. What each one does is in docs/sandbox.md.</p>`,
  );
}

export function consentPage(requestId: string, productName: string): string {
  return htmlPage(
    'Sandbox Bank: share your details',
    `${banner}
<h1>Share your account details with ${escapeHtml(productName)}?</h1>
<p>${escapeHtml(productName)} is asking to see, once:</p>
<ul><li>the account holder name</li><li>the sort code</li><li>the account number</li></ul>
<p>It will not see your balance or transactions.</p>
<form method="post" action="/sandbox-bank/consent">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Cancel</button></div>
</form>`,
  );
}

export function errorPage(message: string): string {
  return htmlPage(
    'Sandbox Bank: error',
    `${banner}<h1>Sandbox Bank: something is wrong</h1><p>${escapeHtml(message)}</p>`,
  );
}

/** The web_message response mode: the page tells its parent (Verity) the outcome. */
export function webMessagePage(origin: string, message: Record<string, string>): string {
  const data = Object.entries(message)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return htmlPage(
    'Sandbox Bank: returning',
    `${banner}<h1>Returning you to the service</h1>
<p id="web-message" data-origin="${escapeHtml(origin)}"${data}>You can close this window if nothing happens.</p>
<script src="/sandbox-bank/web-message.js"></script>`,
  );
}

/** Sends the outcome to the parent window, only to the origin the client registered. */
export const webMessageScript = `(function () {
  var el = document.getElementById('web-message');
  if (!el || !window.parent || window.parent === window) return;
  var message = {};
  ['type', 'code', 'state', 'error'].forEach(function (name) {
    var value = el.getAttribute('data-' + name);
    if (value !== null) message[name] = value;
  });
  window.parent.postMessage(message, el.getAttribute('data-origin'));
})();
`;
