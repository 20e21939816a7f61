import type { Language } from '@verity/contracts';
import { escapeHtml, htmlPage } from '../../http/htmlPage.js';
import { sandboxBankPages } from '../../messages/sandboxBankPages.js';
import { sandboxCustomers, SANDBOX_PASSWORD } from './customers.js';

type Texts = (typeof sandboxBankPages)['en'];
/** A problem the bank's error page names. */
export type BankProblem = 'badRequest' | 'unknownClient' | 'expired';

const banner = (text: Texts) =>
  `<p class="sandbox" role="note"><strong>${escapeHtml(text.bannerTitle)}</strong> ${escapeHtml(text.banner)}</p>`;

/** The login form; `failed` after a wrong customer name or password. */
export function loginPage(
  requestId: string,
  failed: boolean,
  product: string,
  language: Language = 'en',
): string {
  const text = sandboxBankPages[language];
  const customers = Object.keys(sandboxCustomers)
    .map((name) => `<code>${escapeHtml(name)}</code>`)
    .join(', ');
  const invalid = failed ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return htmlPage(
    text.loginTitle,
    `${banner(text)}
<h1>${escapeHtml(text.loginTitle)}</h1>
${failed ? `<p id="login-error" class="error" role="alert">${escapeHtml(text.wrongLogin)}</p>` : ''}
<form method="post" action="/sandbox-bank/login">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<label for="username">${escapeHtml(text.customerName)}</label>
<input id="username" name="username" autocomplete="off" required${invalid}>
<label for="password">${escapeHtml(text.password)}</label>
<input id="password" name="password" type="password" autocomplete="off" required${invalid}>
<div class="actions"><button type="submit">${escapeHtml(text.logIn)}</button></div>
</form>
<p>${text.testCustomers(customers, `<code>${SANDBOX_PASSWORD}</code>`)}</p>`,
    { product, language },
  );
}

export function consentPage(
  requestId: string,
  productName: string,
  language: Language = 'en',
): string {
  const text = sandboxBankPages[language];
  const product = escapeHtml(productName);
  const page = { product: productName, language };
  return htmlPage(
    text.consentTitle,
    `${banner(text)}
<h1>${text.consentQuestion(product)}</h1>
<p>${text.consentAsks(product)}</p>
<ul>${text.consentItems.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p>${escapeHtml(text.consentNot)}</p>
<form method="post" action="/sandbox-bank/consent">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<div class="actions"><button type="submit" name="decision" value="allow">${escapeHtml(text.allow)}</button>
<button type="submit" name="decision" value="deny" class="secondary">${escapeHtml(text.cancel)}</button></div>
</form>`,
    page,
  );
}

export function errorPage(
  problem: BankProblem,
  product: string,
  language: Language = 'en',
): string {
  const text = sandboxBankPages[language];
  return htmlPage(
    text.errorTitle,
    `${banner(text)}<h1>${escapeHtml(text.errorHeading)}</h1><p>${escapeHtml(text[problem])}</p>`,
    { product, language },
  );
}

/** The web_message response mode: the page tells its parent (Verity) the outcome. */
export function webMessagePage(
  origin: string,
  message: Record<string, string>,
  product: string,
  language: Language = 'en',
): string {
  const text = sandboxBankPages[language];
  const data = Object.entries(message)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return htmlPage(
    text.returningTitle,
    `${banner(text)}<h1>${escapeHtml(text.returning)}</h1>
<p id="web-message" data-origin="${escapeHtml(origin)}"${data}>${escapeHtml(text.closeWindow)}</p>
<script src="/sandbox-bank/web-message.js"></script>`,
    { product, language },
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
