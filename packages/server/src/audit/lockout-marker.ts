// Which refusals started a lockout: the guess that used a counter's last free attempt. The sign-in
// code marks its error; the audit trail records a user.locked_out event for it (a refusal while the
// lock runs is a failed sign-in, not a new lockout).
const started = new WeakSet<object>();

/** Marks `error` as the refusal that locked its counter; returns it, for `throw lockoutStarted(fail(…))`. */
export function lockoutStarted<E extends object>(error: E): E {
  started.add(error);
  return error;
}

/** Whether `error` was marked by lockoutStarted. */
export function startedLockout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && started.has(error);
}
