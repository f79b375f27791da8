// Lazy route components: each page is its own chunk, and while one loads the shell's top progress
// bar shows (the loading store counts the import in flight).
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useLoadingStore } from '../stores/loading-store';

/** A component loaded from its own chunk on first render; `pick` chooses the named export. */
export function lazyPage<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const loading = load();
    // React calls this while rendering; count the load just after, not during, that render.
    queueMicrotask(() => void useLoadingStore.getState().track(loading).catch(() => undefined));
    return loading.then((module) => ({ default: pick(module) }));
  });
}
