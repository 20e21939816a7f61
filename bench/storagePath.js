// The token endpoint's storage steps alone, in one process, each way side by side: what a
// change to them costs or saves without HTTP, the provider or another process in the
// measurement (grantCpu.js measures the whole call, and on a crowded machine its windows vary
// by more than a few statements' worth). CPU is this process's (process.cpuUsage), so
// PostgreSQL's and Redis's own work is not in it; the ways take turns, block after block.
//
//   reads, separate:  the code by id, the Session by uid, the Grant by id (three statements)
//   reads, joined:    the code with its Grant and Session (one statement; adapter.ts)
//   counters, two:    the abuse counter's increment, then the address counter's read
//   counters, one:    both in one statement (incrementAndRead); with BENCH_REDIS_URL the
//                     same two ways in Redis (two commands, one script)
//
// Run: npm run build && node bench/storagePath.js   (BENCH_DATABASE_URL for PostgreSQL;
// BENCH_ROUNDS, default 10; BENCH_OPS per block, default 500)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../packages/server/dist/db/database.js';
import { DatabaseKeyValueStore } from '../packages/server/dist/kv/databaseStore.js';
import { RedisKeyValueStore } from '../packages/server/dist/kv/redisStore.js';
import * as statements from '../packages/server/dist/oidc/payloadStatements.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const OPS = Number(process.env.BENCH_OPS ?? 500);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;

const dataDir = mkdtempSync(path.join(tmpdir(), 'verity-storage-bench-'));
const schema = DATABASE_URL ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const { db, dialect } = await openDatabase({ databaseUrl: DATABASE_URL, schema, dataDir });
await migrateToLatest(db);

// A grant, a session and a code, as oidc-provider stores them (payloads of realistic size).
const later = Date.now() + 3_600_000;
const filler = randomBytes(300).toString('base64url');
const save = (model, id, payload) =>
  statements.save.execute(db, {
    model,
    id,
    payload: JSON.stringify({ ...payload, filler }),
    grant_id: payload.grantId ?? null,
    user_code: null,
    uid: payload.uid ?? null,
    expires_at: later,
  });
await save('Grant', 'g1', { jti: 'g1', accountId: 'a', clientId: 'c' });
await save('Session', 's1', { jti: 's1', uid: 'u1', accountId: 'a' });
await save('AuthorizationCode', 'c1', { jti: 'c1', grantId: 'g1', sessionUid: 'u1' });
const store = new DatabaseKeyValueStore(db);
const redis = REDIS_URL
  ? new RedisKeyValueStore(REDIS_URL, `verity-bench-${randomBytes(4).toString('hex')}:`)
  : undefined;

const ways = {
  'reads, separate': async () => {
    await statements.findById.rows(db, { model: 'AuthorizationCode', value: 'c1' });
    await statements.findByUid.rows(db, { model: 'Session', value: 'u1' });
    await statements.findById.rows(db, { model: 'Grant', value: 'g1' });
  },
  'reads, joined': async () => {
    await statements.findWithRelated.rows(db, { model: 'AuthorizationCode', value: 'c1' });
  },
  'counters, two': async () => {
    await store.increment('abuse', 60);
    await store.get('address');
  },
  'counters, one': async () => {
    await store.incrementAndRead('abuse', 60, 1, ['address']);
  },
  ...(redis
    ? {
        'counters in Redis, two': async () => {
          await redis.increment('abuse', 60);
          await redis.get('address');
        },
        'counters in Redis, one': async () => {
          await redis.incrementAndRead('abuse', 60, 1, ['address']);
        },
      }
    : {}),
};

const totals = new Map(Object.keys(ways).map((name) => [name, 0]));
for (let round = 0; round <= ROUNDS; round++) {
  for (const [name, run] of Object.entries(ways)) {
    const before = process.cpuUsage();
    for (let i = 0; i < OPS; i++) await run();
    const used = process.cpuUsage(before);
    // Round 0 warms up (compilation, statements prepared); it is not counted.
    if (round > 0) totals.set(name, totals.get(name) + used.user + used.system);
  }
}

process.stdout.write(
  `\n${dialect}, ${ROUNDS} rounds of ${OPS} per block, Node ${process.version}\n\n| Step | CPU µs each |\n|---|---|\n`,
);
for (const [name, micros] of totals)
  process.stdout.write(`| ${name} | ${(micros / (ROUNDS * OPS)).toFixed(1)} |\n`);

await db.destroy();
await redis?.close();
rmSync(dataDir, { recursive: true, force: true });
if (schema) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
