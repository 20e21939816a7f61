// What a browser downloads on its first visit to a screen: every script, style sheet and
// document, as sent over the wire (compressed) and as the browser decodes it. Run after
// `npm run build`: `node bench/firstVisit.js [/login /signup ...]` (CHROMIUM_PATH as the tests).
import { chromium } from 'playwright-core';
import { databaseEnv, startVerity } from './lib.js';

/** Issue 19: the first visit to /login downloads at most this much JavaScript, compressed. */
const LOGIN_BUDGET_KB = 150;

const screens = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login', '/signup'];
/** gzip, the budget's measure; BENCH_ENCODING=br for what a modern browser gets. */
const encoding = process.env.BENCH_ENCODING ?? 'gzip';
const verity = await startVerity(databaseEnv());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const screen of screens) {
    // A new context: an empty cache, as on a first visit.
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    page.on('requestfailed', (request) =>
      process.stderr.write(`${screen}: failed ${request.url()} ${request.failure()?.errorText}\n`),
    );
    page.on('pageerror', (error) => process.stderr.write(`${screen}: ${error.message}\n`));
    await page.goto(`${verity.base}${screen}`, { waitUntil: 'networkidle' });
    // The screen is shown (its lazy chunk loaded), not only the shell.
    await page.locator('h1').first().waitFor();
    const totals = {
      js: { wire: 0, decoded: 0, files: 0 },
      css: { wire: 0, decoded: 0, files: 0 },
    };
    const encodings = new Set();
    for (const response of responses) {
      const type = response.headers()['content-type'] ?? '';
      const kind = /javascript/.test(type) ? 'js' : /css/.test(type) ? 'css' : null;
      if (!kind) continue;
      const sizes = await response.request().sizes();
      totals[kind].wire += sizes.responseBodySize;
      totals[kind].decoded += (await response.body()).length;
      totals[kind].files++;
      if (process.env.BENCH_VERBOSE)
        process.stderr.write(`  ${sizes.responseBodySize}\t${new URL(response.url()).pathname}\n`);
      encodings.add(response.headers()['content-encoding'] ?? 'none');
    }
    rows.push({ screen, ...totals, encodings: [...encodings].join(', ') });
    await context.close();
  }
} finally {
  await browser.close();
  await verity.stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
process.stdout.write(
  '\n| Screen | JS files | JS sent KB | JS decoded KB | CSS sent KB | CSS decoded KB | encoding |\n|---|---|---|---|---|---|---|\n',
);
for (const r of rows)
  process.stdout.write(
    `| ${r.screen} | ${r.js.files} | ${kb(r.js.wire)} | ${kb(r.js.decoded)} | ${kb(r.css.wire)} | ${kb(r.css.decoded)} | ${r.encodings} |\n`,
  );
const login = rows.find((r) => r.screen === '/login');
if (login)
  process.stdout.write(
    `\n/login: ${kb(login.js.wire)} KB of JavaScript sent, budget ${LOGIN_BUDGET_KB} KB: ${
      login.js.wire / 1024 <= LOGIN_BUDGET_KB ? 'within' : 'OVER'
    }\n`,
  );
