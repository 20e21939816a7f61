import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen loaded on first use (its own chunk), from the module's named export:
 * `lazyScreen(() => import('./about/AboutPage'), 'AboutPage')`; its props stay typed. A chunk
 * that fails to load (a new release replaced it, the network dropped) throws while rendering,
 * and the route's error screen shows.
 */
export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
