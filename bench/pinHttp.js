// PIN logins over real HTTP (pass 1, pass 2, authenticate) against `verity serve` on SQLite,
// beside their floor measured in the same run: one batched pairing check. The load generator
// does the browser's maths on the same machine, so "per server core" divides the logins by the
// CPU time the server process itself used (from /proc), not by the wall clock.
// Run: npm run build && node bench/pinHttp.js   (results: bench/README.md)
import { randomBytes } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import * as pin from '../packages/pin/dist/index.js';
import {
  DURATION_MS,
  browser,
  scenario,
  serverCpuSeconds,
  signUp,
  startVerity,
  summarize,
} from './lib.js';

const PIN = '2580';
const LEVELS = [1, 2, 4];
const verity = await startVerity();
const { base, client, pid } = verity;
const customer = { 'x-customer-id': client.client_id };
const call = async (send, method, path, body) => {
  const response = await send(path, {
    method,
    headers: { ...customer, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

/** One PIN identity, registered as /mpinsetup does it; what the browser keeps. */
async function registerIdentity(account) {
  const { actToken, userId } = await call(account, 'POST', '/api/mpin/register', {});
  const settings = await call(account, 'GET', '/api/mpin/rps/v2/clientSettings');
  const { mpinId, regOTT } = await call(account, 'PUT', settings.registerURL, {
    userId,
    wid: 'web',
    mobile: 0,
    deviceName: 'bench',
    activateCode: actToken,
  });
  const user = pin.createUserKey();
  const first = await call(
    account,
    'GET',
    `${settings.signatureURL}/${mpinId}?regOTT=${regOTT}&publicKey=${user.publicKey}`,
  );
  const second = await call(account, 'GET', first.cs2url);
  const secret = pin.applyUserKey(
    pin.combineClientSecretShares([first.clientSecretShare, second.clientSecret]),
    user.secretKey,
  );
  return { mpinId, publicKey: user.publicKey, token: pin.extractPin(secret, PIN, mpinId) };
}

/** A returning visitor: a fresh browser (no session), pass 1, pass 2, authenticate. */
async function login(identity) {
  const send = browser(base);
  const { x, U } = pin.pass1(identity.mpinId);
  const { y } = await call(send, 'POST', '/api/mpin/rps/v2/pass1', {
    scope: ['oauth'],
    mpin_id: identity.mpinId,
    dtas: 'verity-dta-1,verity-dta-2',
    publicKey: identity.publicKey,
    U,
  });
  const V = pin.pass2({ mpinId: identity.mpinId, token: identity.token, pin: PIN, x, y });
  const { authOTT } = await call(send, 'POST', '/api/mpin/rps/v2/pass2', {
    mpin_id: identity.mpinId,
    V,
    WID: 'web',
  });
  const { display } = await call(send, 'POST', '/api/mpin/rps/v2/authenticate', { authOTT });
  if (!display) throw new Error('authenticate: no display');
}

const { G1, G2 } = bls12_381;
const P = G1.Point.BASE.multiply(12345n);
const K = G2.Point.BASE.multiply(67890n);
const Pneg = P.multiply(67890n).negate();
function pairingFloor(ms) {
  const check = () =>
    bls12_381.fields.Fp12.eql(
      bls12_381.pairingBatch([
        { g1: Pneg, g2: G2.Point.BASE },
        { g1: P, g2: K },
      ]),
      bls12_381.fields.Fp12.ONE,
    );
  for (let i = 0; i < 5; i++) check();
  const latencies = [];
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t = performance.now();
    if (!check()) throw new Error('pairing check failed');
    latencies.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / latencies.length;
  return {
    ...summarize(latencies, latencies.reduce((a, b) => a + b, 0) / 1000),
    cpuMs,
  };
}

// Each login in flight needs its own identity: a new pass 1 replaces the identity's challenge.
const account = await signUp(
  base,
  `bench-${randomBytes(4).toString('hex')}@example.com`,
  'correct horse battery staple 42',
);
const identities = [];
for (let i = 0; i < Math.max(...LEVELS); i++) identities.push(await registerIdentity(account));

const rows = [];
const floors = [];
floors.push(pairingFloor(DURATION_MS / 2));
for (const concurrency of LEVELS) {
  const free = identities.slice(0, concurrency);
  let logins = 0;
  const cpuBefore = serverCpuSeconds(pid);
  const row = await scenario(
    'PIN login over HTTP: pass 1 + pass 2 + authenticate',
    async () => {
      const identity = free.pop();
      try {
        await login(identity);
        logins++;
      } finally {
        free.push(identity);
      }
    },
    concurrency,
  );
  const cpu = serverCpuSeconds(pid) - cpuBefore;
  rows.push({
    ...row,
    serverMsPerLogin: ((cpu * 1000) / logins).toFixed(1),
    perServerCore: Math.round(logins / cpu),
  });
}
floors.push(pairingFloor(DURATION_MS / 2));
await verity.stop();

// Per core = per CPU second of the process doing the work (wall time on this shared machine
// includes waiting for a core).
const floorCpuMs = (floors[0].cpuMs + floors[1].cpuMs) / 2;
process.stdout.write(
  `\nPIN logins over HTTP, SQLite, Node ${process.version} (${DURATION_MS / 1000} s per level)\n\n` +
    '| Scenario | in flight | per s (wall) | p50 ms | p95 ms | p99 ms | errors | CPU ms each | per s per core |\n' +
    '|---|---|---|---|---|---|---|---|---|\n' +
    `| one batched pairing check, in-process (before / after) | 1 | ${floors[0].perSecond} / ${floors[1].perSecond} | ${floors[0].p50} / ${floors[1].p50} | ${floors[0].p95} / ${floors[1].p95} | ${floors[0].p99} / ${floors[1].p99} | 0 | ${floorCpuMs.toFixed(1)} | ${Math.round(1000 / floorCpuMs)} |\n`,
);
for (const r of rows) {
  process.stdout.write(
    `| ${r.name} | ${r.concurrency} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.serverMsPerLogin} (server) | ${r.perServerCore} |\n`,
  );
}
const best = Math.min(...rows.map((r) => Number(r.serverMsPerLogin)));
process.stdout.write(
  `\nA PIN login over HTTP costs the server ${(best / floorCpuMs).toFixed(2)} batched pairing checks of CPU time.\n`,
);
