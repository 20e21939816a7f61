// A cryptographic floor run on demand by a benchmark, as its child process (the same process
// tree as the server it is compared with): `argon2` (one argon2id verification with the
// server's parameters) or `pairing` (one batched pairing check, e(P', Q)·e(P, K) = 1 as
// `bls.pairingBatch` does it: two Miller loops, one final exponentiation). The parent sends
// { ms, concurrency } and gets { ops } back when the window is over; it reads this process's
// CPU time from /proc (serverCpuSeconds), so threads (argon2 runs on libuv's pool) count.
import { hash, verify } from '@node-rs/argon2';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { argon2Options } from '../packages/server/dist/features/accounts/passwords.js';

const kind = process.argv[2];
const PASSWORD = 'correct horse battery staple 42';

let op;
if (kind === 'argon2') {
  const stored = await hash(PASSWORD, argon2Options);
  op = async () => {
    if (!(await verify(stored, PASSWORD))) throw new Error('argon2 floor: wrong password');
  };
} else if (kind === 'pairing') {
  const { G1, G2 } = bls12_381;
  const { Fp12 } = bls12_381.fields;
  const P = G1.Point.BASE.multiply(12345n);
  const K = G2.Point.BASE.multiply(67890n);
  const Pneg = P.multiply(67890n).negate();
  op = async () => {
    const product = bls12_381.pairingBatch([
      { g1: Pneg, g2: G2.Point.BASE },
      { g1: P, g2: K },
    ]);
    if (!Fp12.eql(product, Fp12.ONE)) throw new Error('pairing floor: check failed');
  };
} else {
  throw new Error(`unknown floor ${kind}`);
}
for (let i = 0; i < 3; i++) await op(); // warm-up (JIT, argon2's pool)

process.on('message', async ({ ms, concurrency }) => {
  const end = Date.now() + ms;
  let ops = 0;
  const worker = async () => {
    while (Date.now() < end) {
      await op();
      ops++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  process.send({ ops });
});
process.send({ ready: true });
