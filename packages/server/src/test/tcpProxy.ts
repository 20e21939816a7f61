import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a service (PostgreSQL, Redis), for fault tests
 * that must never stop the machine's shared services: `cut()` drops every connection and
 * swallows new ones without an answer (a network partition), `restore()` forwards again.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server = createServer((incoming) => {
    sockets.add(incoming);
    incoming.on('close', () => sockets.delete(incoming));
    incoming.on('error', () => incoming.destroy());
    if (cut) return; // accepted, never answered
    const outgoing = connect(targetPort, targetHost);
    sockets.add(outgoing);
    outgoing.on('close', () => {
      sockets.delete(outgoing);
      incoming.destroy();
    });
    outgoing.on('error', () => outgoing.destroy());
    incoming.on('close', () => outgoing.destroy());
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
