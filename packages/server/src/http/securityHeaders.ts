import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet's middleware does to every answer: headers set, headers removed. */
export interface HeaderPlan {
  set: Array<[name: string, value: string]>;
  remove: string[];
}

/**
 * Helmet's headers for these options, worked out once. Helmet builds each header from its
 * options when its middleware is created, but @fastify/helmet created that middleware again for
 * every request (the policy's directives parsed and validated each time): 20 to 35 µs of every
 * call, the token endpoint's included. Options whose values are functions of the request (CSP
 * nonces) are not supported: those would need the middleware per request.
 */
export function helmetHeaders(options: HelmetOptions): HeaderPlan {
  const plan: HeaderPlan = { set: [], remove: [] };
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet header ${name} is not a fixed string`);
      plan.set.push([name, value]);
    },
    removeHeader(name: string) {
      plan.remove.push(name);
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return plan;
}

/** Every answer gets the headers (oidc-provider's too: it writes to the same raw response). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, remove } = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of remove) reply.raw.removeHeader(name);
    done();
  });
}
