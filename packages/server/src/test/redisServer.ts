import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A private redis-server for fault tests (never the machine's). Without `dataDir`, no
 * persistence: a restart loses everything. With it, an append-only file fsynced on every
 * write, as docs/operations.md asks of production: a restart keeps everything.
 */
export async function startRedis(port: number, dataDir?: string): Promise<ChildProcess> {
  const persistence = dataDir
    ? ['--dir', dataDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', ...persistence],
    {
      stdio: 'ignore',
    },
  );
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return child;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

/** Kills it at once (SIGKILL): what persistence must survive. */
export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
