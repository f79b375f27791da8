import { useSyncExternalStore } from 'react';

/** Spec section 9: the side menu is collapsed at this width or less. */
export const SIDE_MENU_COLLAPSE_QUERY = '(max-width: 1024px)';
/** Spec section 9: the mobile lightbox breakpoint. */
export const MOBILE_QUERY = '(max-width: 768px)';

/** True while `query` matches, following changes (false where matchMedia does not exist). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}
