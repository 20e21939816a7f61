import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { Access } from './access.js';
import { Journey } from './journey.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route is (journey/access.ts); every route we own declares it. */
    access?: Access;
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
    for (const method of methods) declared.push({ method, url: route.url, access });
  });

  app.addHook('preValidation', async (request, reply) => {
    request.journey = new Journey(ctx, request, reply);
    const access = request.routeOptions.config.access;
    if (!access) return; // not ours: the not-found handler, static files
    await request.journey.enforce(access);
  });
  return declared;
}
