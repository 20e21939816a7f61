// Starts Verity and the demo relying party for local use (`npm start`, after `npm run build`).
//
// 1. `verity migrate`
// 2. registers the demo client once, keeping its credentials in DATA_DIR/demo-client.json (0600)
// 3. `verity serve`, then, once /healthz answers, the demo relying party
// Ctrl+C (or SIGTERM) stops both; if either stops on its own, the other is stopped too and
// this script exits non-zero.
//
// Settings: DATA_DIR (./data), PORT (3000), PUBLIC_URL (http://localhost:PORT), RP_PORT (3001),
// RP_URL (http://127.0.0.1:RP_PORT). Everything else in the environment passes to Verity.
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERITY = path.join(ROOT, 'packages/server/bin/verity.js');
const RELYING_PARTY = path.join(ROOT, 'packages/relying-party/dist/main.js');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const port = process.env.PORT ?? '3000';
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
const rpPort = process.env.RP_PORT ?? '3001';
const rpUrl = (process.env.RP_URL ?? `http://127.0.0.1:${rpPort}`).replace(/\/+$/, '');
const redirectUri = `${rpUrl}/callback`;
const postLogoutRedirectUri = `${rpUrl}/`;
const clientFile = path.join(dataDir, 'demo-client.json');

const verityEnv = { ...process.env, DATA_DIR: dataDir, PORT: port, PUBLIC_URL: publicUrl };

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

/** Runs `verity <args>` to completion; returns its stdout, or fails with its output. */
function runVerity(args, { captureStdout = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VERITY, ...args], {
      env: verityEnv,
      stdio: ['ignore', captureStdout ? 'pipe' : 'inherit', 'inherit'],
    });
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`verity ${args[0]} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/** The JSON object the CLI printed (other lines, such as notices, are skipped). */
function parseClientAnswer(stdout) {
  for (const line of stdout.split('\n').reverse()) {
    const text = line.trim();
    if (!text.startsWith('{')) continue;
    try {
      const answer = JSON.parse(text);
      if (typeof answer.client_id === 'string' && typeof answer.client_secret === 'string') {
        return answer;
      }
    } catch {
      // not the answer line
    }
  }
  throw new Error(`verity clients add printed no client credentials:\n${stdout}`);
}

async function readSavedClient() {
  let text;
  try {
    text = await readFile(clientFile, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
  const saved = JSON.parse(text);
  // Registered for another address (RP_PORT or RP_URL changed): register again.
  if (Array.isArray(saved.redirect_uris) && !saved.redirect_uris.includes(redirectUri)) {
    log(`${clientFile} is for ${saved.redirect_uris.join(', ')}; registering ${redirectUri}`);
    return undefined;
  }
  return saved;
}

async function registerDemoClient() {
  const stdout = await runVerity(
    [
      'clients',
      'add',
      '--name',
      'Demo relying party',
      '--redirect-uri',
      redirectUri,
      '--post-logout-redirect-uri',
      postLogoutRedirectUri,
      '--json',
    ],
    { captureStdout: true },
  );
  const answer = parseClientAnswer(stdout);
  const temporary = `${clientFile}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(answer, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, clientFile);
  log(`registered the demo relying party as client ${answer.client_id} (saved in ${clientFile})`);
  return answer;
}

async function isUp(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Waits until `url` answers 2xx; gives up if `child` exits or the time runs out. */
async function waitUntilUp(url, child, name) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    if (await isUp(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`${name} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s`);
  return false;
}

const children = new Map(); // name -> ChildProcess
let stopping = false;
let exitCode = 0;

function startChild(name, script, env) {
  const child = spawn(process.execPath, [script, ...(name === 'Verity' ? ['serve'] : [])], {
    env,
    stdio: 'inherit',
  });
  children.set(name, child);
  child.on('error', (error) => log(`${name} could not start: ${error.message}`));
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      log(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest`);
      exitCode = 1;
      stopAll();
    } else if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') {
      log(`${name} ended with ${signal ?? `exit code ${code}`}`);
      exitCode = exitCode || 1;
    }
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

function stopAll() {
  stopping = true;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const [name, child] of children) {
      log(`${name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
      child.kill('SIGKILL');
    }
  }, STOP_TIMEOUT_MS).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    log(`${signal} received; stopping`);
    stopAll();
  });
}

try {
  await mkdir(dataDir, { recursive: true });
  await runVerity(['migrate']);
  const demoClient = (await readSavedClient()) ?? (await registerDemoClient());
  if (stopping) process.exit(exitCode);

  const verity = startChild('Verity', VERITY, verityEnv);
  if (!(await waitUntilUp(`${publicUrl}/healthz`, verity, 'Verity'))) {
    exitCode = 1;
    stopAll();
  } else if (!stopping) {
    const relyingParty = startChild('The demo relying party', RELYING_PARTY, {
      ...process.env,
      ISSUER: publicUrl,
      RP_PORT: rpPort,
      RP_URL: rpUrl,
      RP_CLIENT_ID: demoClient.client_id,
      RP_CLIENT_SECRET: demoClient.client_secret,
    });
    if (!(await waitUntilUp(`${rpUrl}/`, relyingParty, 'The demo relying party'))) {
      exitCode = 1;
      stopAll();
    } else if (!stopping) {
      process.stdout.write(
        [
          '',
          `  Verity                       ${publicUrl}`,
          `  Demo relying party           ${rpUrl}`,
          `  Development outbox (e-mail)  ${publicUrl}/dev/outbox`,
          `  Data                         ${dataDir}`,
          '',
          '  Press Ctrl+C to stop.',
          '',
          '',
        ].join('\n'),
      );
    }
  }
} catch (error) {
  if (children.size > 0) {
    exitCode = 1;
    log(error instanceof Error ? error.message : String(error));
    stopAll();
  } else {
    fail(error instanceof Error ? error.message : String(error));
  }
}
