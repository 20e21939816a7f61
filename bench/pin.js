// PIN logins (M-Pin over BLS12-381) per second on one core, beside their floor measured in
// the same run: one batched pairing check e(V, Q)·e(W, K) = 1 (two Miller loops, one final
// exponentiation). Everything runs on the main thread, so "per s" is per core.
// Run: npm run build && node bench/pin.js   (results: bench/README.md)
import { bls12_381 } from '@noble/curves/bls12-381.js';
import * as pin from '../packages/pin/dist/index.js';
import { DURATION_MS, summarize } from './lib.js';

const shares = [pin.createMasterShare(), pin.createMasterShare()];
const mpinId = pin.createMpinId({ userID: 'bench-user', mobile: 0 });
const user = pin.createUserKey();
const clientSecret = pin.applyUserKey(
  pin.combineClientSecretShares(shares.map((s) => pin.clientSecretShare(s, mpinId))),
  user.secretKey,
);
const token = pin.extractPin(clientSecret, '2580', mpinId);
const serverKey = pin.combineServerSecretShares(
  shares.map((s) => pin.userKeyShare(s, user.publicKey)),
);

/**
 * Runs the steps in turn, round after round, for the configured time, so that all of them
 * meet the same load from other processes (this machine is shared): their ratio is fair even
 * when the absolute numbers are not.
 */
function measureInterleaved(steps) {
  for (let i = 0; i < 10; i++) for (const s of steps) s.step(); // warm-up (JIT)
  const latencies = steps.map(() => []);
  const start = performance.now();
  while (performance.now() - start < DURATION_MS * steps.length) {
    steps.forEach((s, i) => {
      const t = performance.now();
      s.step();
      latencies[i].push(performance.now() - t);
    });
  }
  // per s on one core: the inverse of the mean time of one step
  return steps.map((s, i) => {
    const total = latencies[i].reduce((a, b) => a + b, 0) / 1000;
    return { name: s.name, ...summarize(latencies[i], total) };
  });
}

// Transcripts prepared outside the timed loops: the server's cost is what is measured.
const transcripts = Array.from({ length: 64 }, () => {
  const { x, U } = pin.pass1(mpinId);
  const y = pin.createChallenge();
  return { mpinId, U, y, V: pin.pass2({ mpinId, token, pin: '2580', x, y }), serverKey };
});
let n = 0;
const next = () => transcripts[n++ % transcripts.length];

const { G1, G2 } = bls12_381;
const { Fp12 } = bls12_381.fields;
const P = G1.Point.BASE.multiply(12345n);
const K = G2.Point.BASE.multiply(67890n);
const Pneg = P.multiply(67890n).negate();

const pairingCheck = () => {
  const product = bls12_381.pairingBatch([
    { g1: Pneg, g2: G2.Point.BASE },
    { g1: P, g2: K },
  ]);
  if (!Fp12.eql(product, Fp12.ONE)) throw new Error('pairing check failed');
};

const rows = measureInterleaved([
  {
    name: 'one batched pairing check (2 Miller loops, 1 final exponentiation)',
    step: pairingCheck,
  },
  {
    name: 'server: pass 1 (decode U, challenge y)',
    step: () => {
      pin.decodeG1(next().U);
      pin.createChallenge();
    },
  },
  {
    name: 'server: pass 2, the PIN login check (decode, H(mpin_id), y·A, batched pairing)',
    step: () => {
      if (!pin.verifyPass2(next())) throw new Error('login refused');
    },
  },
  {
    name: 'browser: pass 1 + pass 2',
    step: () => {
      const { x } = pin.pass1(mpinId);
      pin.pass2({ mpinId, token, pin: '2580', x, y: pin.createChallenge() });
    },
  },
  {
    name: "registration: both authorities' client and user key shares",
    step: () => {
      for (const s of shares) {
        pin.clientSecretShare(s, mpinId);
        pin.userKeyShare(s, user.publicKey);
      }
    },
  },
]);

const [pairing, , login] = rows;
process.stdout.write(
  `\nM-Pin maths on one core (Node ${process.version}; steps interleaved, ${(DURATION_MS / 1000) * rows.length} s)\n\n| Scenario | per s per core | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|\n`,
);
for (const r of rows) {
  process.stdout.write(`| ${r.name} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} |\n`);
}
process.stdout.write(
  `\nA PIN login check costs ${(pairing.perSecond / login.perSecond).toFixed(2)} batched pairing checks.\n`,
);
