import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Access } from './access.js';
import { Journey } from './journey.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route is (journey/access.ts); every route we own declares it. */
    access?: Access;
    /**
     * Check the caller before the body is read, not after it is parsed: for routes that take
     * large bodies (photos, up to 10 MB), so nobody the route refuses makes the server take one
     * in. Their access must not depend on the body (not `byPurpose`; a query-string requestId).
     */
    accessBeforeBody?: boolean;
  }
  interface FastifyRequest {
    /** The journey of this call, loaded lazily and enforced by the route's `access`. */
    journey: Journey;
  }
}

/** Every route registered, with what it declares (for the table test and start-up checks). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

/** Static files (@fastify/static marks them with their root) need no declaration. */
const isStaticFile = (config: unknown) =>
  typeof config === 'object' && config !== null && 'rootPath' in config;

/**
 * The journey's hooks, registered once before any route: every route must declare its
 * access (start-up fails otherwise), and each call is checked against it before its body is
 * validated, so a refused call learns nothing about its input.
 */
export function registerJourney(app: FastifyInstance, ctx: AppContext): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('journey', null as unknown as Journey);

  app.addHook('onRoute', (route) => {
    if (isStaticFile(route.config)) return;
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access)
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access (config.access, journey/access.ts)`,
      );
    if (route.config?.accessBeforeBody && access.kind === 'byPurpose')
      throw new Error(`${route.url}: a purpose read from the body cannot be checked before it`);
    for (const method of methods) declared.push({ method, url: route.url, access });
  });

  const enforce = async (request: FastifyRequest, reply: FastifyReply) => {
    request.journey = new Journey(ctx, request, reply);
    const access = request.routeOptions.config.access;
    if (!access) return; // not ours: the not-found handler, static files
    await request.journey.enforce(access);
  };
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.routeOptions.config.accessBeforeBody) return payload;
    try {
      await enforce(request, reply);
    } catch (error) {
      // Refused with the body still coming: close the connection after the answer rather than
      // keep it open to take in the rest (up to 10 MB) for nothing.
      void reply.header('connection', 'close');
      throw error;
    }
    return payload;
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.accessBeforeBody) await enforce(request, reply);
  });
  return declared;
}
