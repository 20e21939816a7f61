// Where a server's time went, from a V8 CPU profile (`BENCH_PROFILE=<dir>` of the benches, or
// node --cpu-prof): self time by package (node_modules/<name>), Verity's own code, Node's
// internals, garbage collection; and the functions with the most self time. Idle time (the
// event loop waiting) is left out, so the shares are of the busy main thread.
//
// With `--windows <windows.json>` (written by grantCpu.js beside its profiles), only the samples
// taken inside that bench's measured windows of this process count (start-up, sign-up and the
// minting of codes left out); `--kind exchange|refresh` keeps one kind of window.
//
// Run: node bench/profileSummary.js <file.cpuprofile> [top functions, default 15]
//        [--windows <windows.json>] [--kind exchange|refresh]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { windows: { type: 'string' }, kind: { type: 'string' } },
});
const [file, topArg] = positionals;
if (!file)
  throw new Error(
    'usage: node bench/profileSummary.js <file.cpuprofile> [top] [--windows <file>] [--kind <kind>]',
  );
const profile = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArg ?? 15);

/** The windows of this process (node names a profile CPU.<date>.<time>.<pid>.<n>.<seq>). */
const pid = Number(file.split('/').pop().split('.')[3]);
const windows = values.windows
  ? JSON.parse(readFileSync(values.windows, 'utf8')).filter(
      (w) => w.pids.includes(pid) && (!values.kind || w.kind === values.kind),
    )
  : undefined;
if (windows && !windows.length)
  throw new Error(`no windows of process ${pid} in ${values.windows}`);
const inWindow = (time) => !windows || windows.some((w) => time >= w.start && time <= w.end);

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  time += profile.timeDeltas[i] ?? 0;
  if (!inWindow(time)) continue;
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

/** The package, or part of the program, a frame belongs to. */
function placeOf({ callFrame: { url, functionName } }) {
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return '(program: native, not attributed)';
  const modules = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1];
  if (url.includes('/packages/server/')) return 'verity server';
  if (url.includes('/packages/')) return `verity ${url.match(/packages\/([^/]+)/)[1]}`;
  if (url.startsWith('node:') || url === '')
    return `node ${functionName ? 'internals' : '(native)'}`;
  return url;
}

const byPlace = new Map();
const byFunction = new Map();
let busy = 0;
for (const [id, micros] of self) {
  const node = nodes.get(id);
  const place = placeOf(node);
  if (place === '(idle)') continue;
  busy += micros;
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*packages\//, '')}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

/** With windows: the calls they made, for µs of self time per call. */
const calls = windows?.reduce((sum, w) => sum + w.calls, 0);
const share = (micros) =>
  `${((micros / busy) * 100).toFixed(1)}%${calls ? ` | ${(micros / calls).toFixed(1)}` : ''}`;
const rows = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `| ${name} | ${share(micros)} |`)
    .join('\n');
const header = (what) =>
  calls
    ? `| ${what} | self time | µs per call |\n|---|---|---|`
    : `| ${what} | self time |\n|---|---|`;
process.stdout.write(
  `busy main thread: ${(busy / 1e6).toFixed(2)} s${calls ? `, ${calls} calls, ${(busy / calls).toFixed(0)} µs per call` : ''}\n\n` +
    `${header('where')}\n${rows(byPlace, 20)}\n\n${header('function')}\n${rows(byFunction, top)}\n`,
);
