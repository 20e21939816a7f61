/**
 * Runs the real, built parts for end-to-end tests: Verity (packages/server) and the demo
 * relying party, each in its own process on a free port with a fresh data directory, and
 * Debian's Chromium through playwright-core.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERITY = path.join(ROOT, 'packages/server/bin/verity.js');
const VERITY_BUILD = path.join(ROOT, 'packages/server/dist/main.js');
const RELYING_PARTY = path.join(ROOT, 'packages/relying-party/dist/main.js');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

export interface Stack {
  /** Verity's issuer and public address, http://localhost:<port>. */
  verityUrl: string;
  /** The demo relying party, http://127.0.0.1:<port> (a different site from Verity). */
  rpUrl: string;
  dataDir: string;
  client: { client_id: string; client_secret: string };
  stop(): Promise<void>;
}

/** A child process whose recent output is kept to explain failures. */
class Child {
  private output = '';
  readonly exited: Promise<void>;

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    for (const stream of [process.stdout, process.stderr]) {
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        this.output = (this.output + chunk).slice(-OUTPUT_LIMIT);
      });
    }
    this.exited = new Promise((resolve) => {
      if (this.hasExited) resolve();
      else process.once('exit', () => resolve());
    });
  }

  get hasExited(): boolean {
    return this.process.exitCode !== null || this.process.signalCode !== null;
  }

  describe(): string {
    const status = this.hasExited
      ? `ended with ${this.process.signalCode ?? `exit code ${this.process.exitCode}`}`
      : 'still running';
    return `${this.name} (${status}) output:\n${this.output || '(none)'}`;
  }

  async stop(): Promise<void> {
    if (this.hasExited) return;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

async function twoFreePorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

function startNode(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Child(name, child);
}

/** Runs a command to completion; returns its stdout or throws with its output. */
async function runToEnd(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
    },
  );
  if (code !== 0) {
    throw new Error(
      `${name} ended with ${signal ?? `exit code ${code}`}\nstdout:\n${stdout}\nstderr:\n${stderr}`,
    );
  }
  return stdout;
}

function parseClient(stdout: string): Stack['client'] {
  for (const line of stdout.split('\n').reverse()) {
    const text = line.trim();
    if (!text.startsWith('{')) continue;
    try {
      const answer = JSON.parse(text) as Record<string, unknown>;
      if (typeof answer.client_id === 'string' && typeof answer.client_secret === 'string') {
        return { client_id: answer.client_id, client_secret: answer.client_secret };
      }
    } catch {
      // another line
    }
  }
  throw new Error(`verity clients add printed no client credentials:\n${stdout}`);
}

async function waitUntilUp(url: string, child: Child): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.hasExited) {
      throw new Error(`${child.name} stopped before answering at ${url}.\n${child.describe()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${child.name} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s ` +
      `(${lastProblem}).\n${child.describe()}`,
  );
}

export interface StackOptions {
  /** Scopes the relying party asks for (default: openid email profile). */
  scope?: string;
  /** The claims request parameter the relying party sends (JSON), e.g. for verified_claims. */
  claims?: string;
  /**
   * More `verity clients add` flags for the demo client, e.g. ['--skip-consent'], or a function
   * of the stack's addresses for flags that name them (a logo served by Verity).
   */
  clientFlags?: string[] | ((urls: { verityUrl: string; rpUrl: string }) => string[]);
  /** More settings for Verity, read when the stack starts (e.g. fake providers' addresses). */
  verityEnv?: () => Record<string, string>;
  /** More Chromium flags for this block's browser (e.g. a fake camera: fakeCamera.ts). */
  browserArgs?: string[];
}

/** Starts Verity and the demo relying party from their builds (run `npm run build` first). */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  for (const file of [VERITY_BUILD, RELYING_PARTY]) {
    if (!existsSync(file)) {
      throw new Error(`${path.relative(ROOT, file)} is missing: run "npm run build" first.`);
    }
  }
  const [verityPort, rpPort] = await twoFreePorts();
  const verityUrl = `http://localhost:${verityPort}`;
  const rpUrl = `http://127.0.0.1:${rpPort}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-e2e-'));
  const verityEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(verityPort),
    PUBLIC_URL: verityUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...options.verityEnv?.(),
  };
  const children: Child[] = [];

  async function stop(): Promise<void> {
    await Promise.all(children.map((child) => child.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }

  try {
    // `clients add` brings the database up to date itself, as every command does.
    const client = parseClient(
      await runToEnd(
        'verity clients add',
        [
          VERITY,
          'clients',
          'add',
          '--name',
          'Demo relying party',
          '--redirect-uri',
          `${rpUrl}/callback`,
          '--post-logout-redirect-uri',
          `${rpUrl}/`,
          ...(typeof options.clientFlags === 'function'
            ? options.clientFlags({ verityUrl, rpUrl })
            : (options.clientFlags ?? [])),
          '--json',
        ],
        verityEnv,
      ),
    );

    // Both start at once: the relying party discovers Verity on its first sign-in, not at
    // start-up, so neither waits for the other.
    const verity = startNode('Verity', [VERITY, 'serve'], verityEnv);
    children.push(verity);
    const relyingParty = startNode('The demo relying party', [RELYING_PARTY], {
      ...process.env,
      NODE_ENV: 'test',
      RP_PORT: String(rpPort),
      RP_URL: rpUrl,
      ISSUER: verityUrl,
      RP_CLIENT_ID: client.client_id,
      RP_CLIENT_SECRET: client.client_secret,
      ...(options.scope ? { RP_SCOPE: options.scope } : {}),
      ...(options.claims ? { RP_CLAIMS: options.claims } : {}),
    });
    children.push(relyingParty);
    await Promise.all([
      waitUntilUp(`${verityUrl}/healthz`, verity),
      waitUntilUp(`${rpUrl}/`, relyingParty),
    ]);

    return { verityUrl, rpUrl, dataDir, client, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium). A missing or broken
 * browser fails the suite: these journeys are never skipped.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium is not at ${executablePath}. Install it (apt-get install chromium) or set ` +
        'CHROMIUM_PATH to its executable; the end-to-end tests need a real browser.',
    );
  }
  try {
    return await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS, ...extraArgs],
    });
  } catch (error) {
    throw new Error(
      `Chromium at ${executablePath} could not be launched: ` +
        `${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** The axe rules checked on every screen: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with a readable list if axe finds WCAG 2.2 A or AA violations on the page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}`).join('\n'),
  );
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}

interface OutboxEntry {
  id: string;
  subject: string | null;
  body: string;
}

/** The messages Verity's development outbox holds for `recipient`, newest first. */
export async function outboxMessages(verityUrl: string, recipient: string): Promise<OutboxEntry[]> {
  const response = await fetch(
    `${verityUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  );
  if (!response.ok) throw new Error(`GET /dev/outbox.json answered ${response.status}`);
  return ((await response.json()) as { messages: OutboxEntry[] }).messages;
}

/**
 * Waits for a new e-mail to `recipient` that carries a 6-digit code, and returns the code.
 * `seenIds` are the messages that were there before (see outboxMessages), so an older code
 * is never taken for the new one.
 */
export async function waitForEmailCode(
  verityUrl: string,
  recipient: string,
  seenIds: readonly string[] = [],
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const message of await outboxMessages(verityUrl, recipient)) {
      if (seenIds.includes(message.id)) continue;
      const code = /\b(\d{6})\b/.exec(message.body)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new e-mail with a code reached ${recipient} within 15 s`);
}

/**
 * A stack and a browser for one describe block, each test in a fresh context. A start-up
 * failure (no browser, no build, a crashed server) is kept and thrown by every test, so each
 * counts as failed with the reason, rather than as skipped.
 */
export function useStack(options?: StackOptions) {
  const env: {
    stack?: Stack;
    browser?: Browser;
    context?: BrowserContext;
    page?: Page;
    startupError?: unknown;
  } = {};

  beforeAll(async () => {
    // The browser launches while the stack starts; a failure of either is kept (the other
    // is still closed in afterAll).
    const [browser, stack] = await Promise.allSettled([
      launchBrowser(options?.browserArgs),
      startStack(options),
    ]);
    if (browser.status === 'fulfilled') env.browser = browser.value;
    if (stack.status === 'fulfilled') env.stack = stack.value;
    const failed = [browser, stack].find((result) => result.status === 'rejected');
    if (failed) env.startupError = failed.reason;
  });

  afterAll(async () => {
    await env.browser?.close();
    await env.stack?.stop();
  });

  beforeEach(async () => {
    if (env.startupError) throw env.startupError;
    if (!env.browser) throw new Error('the browser did not start');
    env.context = await env.browser.newContext();
    env.page = await env.context.newPage();
  });

  afterEach(async () => {
    await env.context?.close();
  });

  return {
    stack(): Stack {
      if (!env.stack) throw new Error('the stack did not start');
      return env.stack;
    },
    browser(): Browser {
      if (!env.browser) throw new Error('the browser did not start');
      return env.browser;
    },
    page(): Page {
      if (!env.page) throw new Error('no page');
      return env.page;
    },
  };
}

/** The password the journeys sign up with (strong enough for the password meter). */
export const strongPassword = 'correct horse battery staple 42';

/** Waits until the page shows Verity's screen at `path` (matched case-insensitively). */
export async function onVerity(stack: Stack, page: Page, path: string): Promise<void> {
  await page.waitForURL(
    (url) => url.origin === stack.verityUrl && url.pathname.toLowerCase() === path.toLowerCase(),
  );
  await page.locator('h1').first().waitFor();
}

/**
 * Opens the signed-in user's menu on the home page. The page's heading takes focus when it
 * arrives, which closes a menu opened before (focus left it), so this waits for the heading and
 * opens the menu again if arrival closed it.
 */
export async function openAccountMenu(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome to Verity', level: 1 }).waitFor();
  const button = page.getByRole('button', { name: email });
  for (let attempt = 1; ; attempt += 1) {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    try {
      await page.locator('#account-menu-links').waitFor({ state: 'visible', timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * The axe check, with the pointer moved off the page first: a button that appears under it
 * after a click is caught mid hover transition, in colours it never stays in.
 */
export async function checkAccessibility(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  await expectNoAxeViolations(page);
}

/**
 * The Day, Month and Year inputs of a date field (DateInput: a fieldset whose legend is the
 * field's label, exactly).
 */
export function dateInputs(page: Page, legend: string) {
  const group = page.getByRole('group', { name: legend, exact: true });
  return {
    group,
    day: group.getByLabel('Day', { exact: true }),
    month: group.getByLabel('Month', { exact: true }),
    year: group.getByLabel('Year', { exact: true }),
  };
}

/**
 * Types a yyyy-mm-dd date into a date field as a person would: '1985-02-17' as 17, 2 and
 * 1985 in its Day, Month and Year inputs.
 */
export async function fillDate(page: Page, legend: string, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  if (!year || !month || !day) throw new Error(`not a yyyy-mm-dd date: ${isoDate}`);
  const inputs = dateInputs(page, legend);
  await inputs.day.fill(String(Number(day)));
  await inputs.month.fill(String(Number(month)));
  await inputs.year.fill(year);
}

/** The error summary at the top of a form (ErrorSummary), shown after a refused Continue. */
export function errorSummary(page: Page) {
  return page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
}

/**
 * A field's message after a refused Continue: a link in the error summary, and the same words
 * next to the field.
 */
export async function waitForFieldError(page: Page, message: string): Promise<void> {
  await errorSummary(page).getByRole('link', { name: message, exact: true }).waitFor();
  await expect.poll(() => page.getByText(message, { exact: true }).count()).toBe(2);
}

/** From the relying party through sign-up and e-mail verification; the page is then past it. */
export async function signUpFromRelyingParty(stack: Stack, page: Page, email: string) {
  await page.goto(`${stack.rpUrl}/`);
  await page.getByRole('button', { name: 'Sign in with Verity' }).click();
  await registerFromSignup(stack, page, email);
}

/** From Verity's /signup through registration and e-mail verification. */
export async function registerFromSignup(stack: Stack, page: Page, email: string) {
  await onVerity(stack, page, '/signup');
  await page.getByRole('link', { name: 'Register here' }).click();
  await onVerity(stack, page, '/signup2');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await onVerity(stack, page, '/verifyemail');
  await page
    .getByLabel(`Please enter the code we sent to ${email}`)
    .fill(await waitForEmailCode(stack.verityUrl, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The authenticator app: its code for this secret, `steps` time steps (30 s) from now. */
export const appCode = (secret: string, steps = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/**
 * Sets up an authenticator app from the page's 'Set up Authenticator App' button (on
 * /SecondFactor): reads the key the dialog shows, enters the app's code, and waits for the
 * recovery codes; the app's secret.
 */
export async function addAuthenticatorApp(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up Authenticator App' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByRole('img', { name: /QR code/ }).waitFor();
  const key = (await dialog.locator('#authenticator-key').textContent()) ?? '';
  const secret = key.replace(/\s/g, '');
  await dialog.getByLabel('Enter the 6-digit code the app shows').fill(appCode(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
  return secret;
}

/**
 * /Profile: the name and birth date every check matches its record with, asked before a
 * check's screen, and the address when the screen asks for it (financial questions: a credit
 * file is looked up at it), found by postcode (Anna Smith of the sandbox's records unless told
 * otherwise).
 */
export async function fillIdentity(
  stack: Stack,
  page: Page,
  who: { given: string; family: string; birthdate: string; postcode?: string } = {
    given: 'Anna',
    family: 'Smith',
    birthdate: '1985-02-17',
    postcode: 'CR2 6XH',
  },
): Promise<void> {
  await onVerity(stack, page, '/Profile');
  await page.getByLabel('Given names', { exact: true }).fill(who.given);
  await page.getByLabel('Family name', { exact: true }).fill(who.family);
  await fillDate(page, 'Date of birth', who.birthdate);
  const address = page.getByRole('group', { name: 'Address' });
  if (who.postcode && (await address.count()) > 0) {
    await address.getByLabel('Postcode', { exact: true }).fill(who.postcode);
    await address.getByRole('button', { name: 'Find address' }).click();
    await address.getByRole('listbox', { name: 'Select your address' }).selectOption({ index: 0 });
  }
  await page.getByRole('button', { name: 'Continue' }).click();
}
