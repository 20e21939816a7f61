// Where a server's CPU went, from `perf record` (Linux perf, on-CPU samples of every thread):
// unlike a V8 CPU profile, which samples the main thread by the clock (time spent waiting for
// a core on a crowded machine counts as the function that was running), it counts only time
// on a core, and sees V8's compiler and garbage-collector threads and the native libraries.
// Samples are kept only inside grantCpu.js's measured windows of that process (BENCH_WINDOWS),
// and sorted into: the main thread or another thread, by what the stack is doing (V8's
// compiler, garbage collection, crypto, SQLite, the rest); µs per call.
//
// Record (as root; the servers given --perf-basic-prof so JavaScript frames have names):
//   BENCH_WINDOWS=/tmp/w.json BENCH_SERVER_ARGS=--perf-basic-prof node bench/grantCpu.js &
//   perf record -k mono -F 997 -g -p <server pid> -o /tmp/perf.<pid>.data   (once round 1 runs)
// Then: node bench/perfSummary.js /tmp/perf.<pid>.data /tmp/w.json [exchange|refresh]
//   (-k mono puts perf's times on the clock of the windows: CLOCK_MONOTONIC. --perf-basic-prof
//   also leaves V8's isolate-*-v8.log files in the working directory: delete them.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [data, windowsFile, kind] = process.argv.slice(2);
if (!data || !windowsFile)
  throw new Error('usage: node bench/perfSummary.js <perf.<pid>.data> <windows.json> [kind]');
const FREQUENCY = Number(process.env.PERF_FREQUENCY ?? 997);
const pid = Number(/perf\.(\d+)\.data/.exec(data)?.[1]);
const windows = JSON.parse(readFileSync(windowsFile, 'utf8')).filter(
  (w) => w.pids.includes(pid) && (!kind || w.kind === kind),
);
if (!windows.length) throw new Error(`no windows of process ${pid}`);
const calls = windows.reduce((sum, w) => sum + w.calls, 0);

const kinds = [
  ['V8 compiler', /compiler::|Compile|Turbofan|Maglev|baseline::/],
  ['garbage collection', /Marking|Scavenge|Sweep|Heap::|GCTracer|MemoryAllocator|Evacuat|MinorMS/],
  ['crypto (OpenSSL)', /libcrypto|EVP_|ecdsa|ECDSA|\bbn_|\bBN_|\bec_|sha256|SHA256|ossl_/],
  ['SQLite', /better_sqlite3|sqlite3/],
];
const script = execFileSync('perf', ['script', '-i', data, '-F', 'tid,time,ip,sym,dso'], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
  stdio: ['ignore', 'pipe', 'ignore'],
});
const counts = new Map();
for (const block of script.split('\n\n')) {
  const [head, ...frames] = block.trim().split('\n');
  const match = /^\s*(\d+)\s+([\d.]+):/.exec(head ?? '');
  if (!match) continue;
  const micros = Number(match[2]) * 1e6;
  if (!windows.some((w) => micros >= w.start && micros <= w.end)) continue;
  const stack = frames.join('\n');
  const what = kinds.find(([, pattern]) => pattern.test(stack))?.[0] ?? 'the rest';
  const key = `${Number(match[1]) === pid ? 'main thread' : 'other threads'} | ${what}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
const perCall = (samples) => ((samples * 1e6) / FREQUENCY / calls).toFixed(0);
const total = [...counts.values()].reduce((a, b) => a + b, 0);
process.stdout.write(
  `process ${pid}${kind ? `, ${kind}` : ''}: ${calls} calls, ${perCall(total)} µs of CPU per call\n\n` +
    '| thread | doing | µs per call |\n|---|---|---|\n' +
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, samples]) => `| ${key} | ${perCall(samples)} |`)
      .join('\n') +
    '\n',
);
