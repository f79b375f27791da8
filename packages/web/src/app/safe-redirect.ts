// Where to go after sign-in: only a path on this origin, so a crafted `?next=` link cannot send a
// freshly signed-in user to another site (open redirect).

/** The path used when `next` is missing or refused. */
export const HOME_PATH = '/';

// Backslashes and control characters are refused outright: browsers normalise `/\evil.com` to
// `//evil.com`, and tabs or newlines inside a URL are stripped before it is parsed.
function hasUnsafeCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Returns `next` as a same-origin path (pathname, search and hash) when it is safe to follow,
 * else `fallback`. Safe means: starts with a single `/`, has no backslash or control character,
 * resolves against `origin` to that same origin, and does not lead back to the sign-in screens.
 */
export function safeNextPath(next: string | null | undefined, origin: string, fallback: string = HOME_PATH): string {
  if (next === null || next === undefined || next === '') return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== new URL(origin).origin) return fallback;
  if (resolved.pathname === '/login' || resolved.pathname.startsWith('/login/')) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The `/login?next=…` address that brings the user back to `path` (with its query) after sign-in. */
export function loginPathFor(path: string): string {
  if (path === '' || path === HOME_PATH) return '/login';
  return `/login?next=${encodeURIComponent(path)}`;
}
