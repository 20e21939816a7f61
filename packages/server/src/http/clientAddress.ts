import type { IncomingMessage } from 'node:http';

/**
 * The client's address for the provider's rate limits, as Fastify works out request.ip: with
 * N trusted proxies, the address N hops back along X-Forwarded-For (never one the client
 * wrote itself, which sits further left).
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socket;
}
