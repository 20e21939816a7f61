// PIN logins over real HTTP (pass 1, pass 2, authenticate) against `verity serve` on SQLite,
// beside their floor measured in the same run: one batched pairing check. The load generator
// does the browser's maths on the same machine, so "per server core" divides the logins by the
// CPU time the server process itself used (from /proc), not by the wall clock.
//
// The browser's side of a login is about 20 ms of maths (two hashes to the curve and three
// constant-time multiplications), on the same two cores as the server. By default this bench
// keeps each identity's A and secret point S = token + PIN·A and answers with variable-time
// multiplications from precomputed tables (about 1 ms), so more logins reach the server and
// less of the machine goes to the load generator; the server receives the same messages
// (U = x·A, V = −(x + y)·S). BENCH_BROWSER_MATHS=1 runs the browser's own pass1/pass2 instead.
// Run: npm run build && node bench/pinHttp.js   (results: bench/README.md)
import { randomBytes } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import * as pin from '../packages/pin/dist/index.js';
import {
  BASELINE,
  DURATION_MS,
  browser,
  interleave,
  serverWindow,
  signUp,
  startFloor,
  databaseEnv,
  startVerity,
  summarize,
} from './lib.js';

const PIN = '2580';
const LEVELS = [1, 2, 4];
const BROWSER_MATHS = process.env.BENCH_BROWSER_MATHS === '1';
const { Fr } = bls12_381.fields;
const scalarHex = (k) => k.toString(16).padStart(64, '0');

/** Pass 1 and pass 2 of the browser, the fast way (see the top) or its own functions. */
function clientOf(identity) {
  if (BROWSER_MATHS)
    return {
      pass1: () => pin.pass1(identity.mpinId),
      pass2: (x, y) =>
        pin.pass2({ mpinId: identity.mpinId, token: identity.token, pin: PIN, x, y }),
    };
  const A = pin.identityPoint(identity.mpinId).precompute(8, false);
  const S = pin
    .decodeG1(identity.token)
    .add(A.multiply(pin.pinScalar(PIN)))
    .precompute(8, false);
  return {
    pass1: () => {
      const x = pin.randomScalar();
      return { x: scalarHex(x), U: pin.encodePoint(A.multiplyUnsafe(x)) };
    },
    pass2: (x, y) =>
      pin.encodePoint(S.multiplyUnsafe(Fr.neg(Fr.add(BigInt(`0x${x}`), BigInt(`0x${y}`))))),
  };
}

/** A server to log in to: its identities (one per login in flight) and one login. */
async function pinSubject(label, server) {
  const { base, client } = server;
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
    const identity = {
      mpinId,
      publicKey: user.publicKey,
      token: pin.extractPin(secret, PIN, mpinId),
    };
    return { ...identity, client: clientOf(identity) };
  }

  /** A returning visitor: a fresh browser (no session), pass 1, pass 2, authenticate. */
  async function login(identity) {
    const send = browser(base);
    const { x, U } = identity.client.pass1();
    const { y } = await call(send, 'POST', '/api/mpin/rps/v2/pass1', {
      scope: ['oauth'],
      mpin_id: identity.mpinId,
      dtas: 'verity-dta-1,verity-dta-2',
      publicKey: identity.publicKey,
      U,
    });
    const V = identity.client.pass2(x, y);
    const { authOTT } = await call(send, 'POST', '/api/mpin/rps/v2/pass2', {
      mpin_id: identity.mpinId,
      V,
      WID: 'web',
    });
    const { display } = await call(send, 'POST', '/api/mpin/rps/v2/authenticate', { authOTT });
    if (!display) throw new Error('authenticate: no display');
  }

  // Each login in flight needs its own identity: a new pass 1 replaces the identity's challenge.
  const account = await signUp(
    base,
    `bench-${randomBytes(4).toString('hex')}@example.com`,
    'correct horse battery staple 42',
  );
  const identities = [];
  for (let i = 0; i < Math.max(...LEVELS); i++) identities.push(await registerIdentity(account));
  return { label, server, login, identities };
}

const verity = await startVerity(databaseEnv());
const baseline = BASELINE ? await startVerity(databaseEnv(), { root: BASELINE }) : null;
const subjects = [await pinSubject('this tree', verity)];
if (baseline) subjects.push(await pinSubject('baseline', baseline));

// Windows of logins (each server's CPU) and of the floor (a child process's CPU), interleaved
// at each level, so all meet the same load from the rest of this shared machine.
const pairing = await startFloor('pairing');
const rows = [];
let floorOps = 0;
let floorSeconds = 0;
for (const concurrency of LEVELS) {
  const state = new Map(
    subjects.map((s) => [
      s.label,
      {
        free: s.identities.slice(0, concurrency),
        latencies: [],
        failures: { count: 0 },
        wall: 0,
      },
    ]),
  );
  const totals = await interleave([
    ...subjects.map((subject) => ({
      label: subject.label,
      run: async (ms) => {
        const mine = state.get(subject.label);
        const t = Date.now();
        const result = await serverWindow(
          subject.server.pid,
          async () => {
            const identity = mine.free.pop();
            try {
              await subject.login(identity);
            } finally {
              mine.free.push(identity);
            }
          },
          { concurrency, ms, latencies: mine.latencies, failures: mine.failures },
        );
        mine.wall += (Date.now() - t) / 1000;
        return result;
      },
    })),
    { label: 'floor', run: (ms) => pairing.run(ms) },
  ]);
  const floor = totals.get('floor');
  floorOps += floor.ops;
  floorSeconds += floor.cpuSeconds;
  for (const subject of subjects) {
    const { latencies, failures, wall } = state.get(subject.label);
    if (failures.first)
      process.stderr.write(
        `logins (${subject.label}): ${failures.count} errors, first: ${failures.first.message}\n`,
      );
    const logins = totals.get(subject.label);
    rows.push({
      name: `PIN login over HTTP: pass 1 + pass 2 + authenticate, ${subject.label}`,
      concurrency,
      ...summarize(latencies, wall),
      errors: failures.count,
      logins: logins.ops,
      serverMsPerLogin: logins.cpuMsPerOp.toFixed(1),
      perServerCore: Math.round(1000 / logins.cpuMsPerOp),
      floorMs: floor.cpuMsPerOp,
    });
  }
}
pairing.stop();
await verity.stop();
await baseline?.stop();

// Per core = per CPU second of the process doing the work (wall time on this shared machine
// includes waiting for a core).
const floorCpuMs = (floorSeconds * 1000) / floorOps;
process.stdout.write(
  `\nPIN logins over HTTP, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, Node ${process.version} (${(4 * DURATION_MS) / 1000} s per level, logins and floor windows interleaved; ${BROWSER_MATHS ? "the browser's own maths" : 'fast client maths'})\n\n` +
    '| Scenario | in flight | logins | per s (wall) | p50 ms | p95 ms | p99 ms | errors | CPU ms each | per s per core | floor CPU ms (same windows) | pairings per login |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|\n',
);
for (const r of rows) {
  process.stdout.write(
    `| ${r.name} | ${r.concurrency} | ${r.logins} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.serverMsPerLogin} (server) | ${r.perServerCore} | ${r.floorMs.toFixed(1)} | ${(Number(r.serverMsPerLogin) / r.floorMs).toFixed(2)} |\n`,
  );
}
process.stdout.write(
  `| one batched pairing check (child process, all windows) | 1 | ${floorOps} | | | | | 0 | ${floorCpuMs.toFixed(1)} | ${Math.round(1000 / floorCpuMs)} | | |\n`,
);
