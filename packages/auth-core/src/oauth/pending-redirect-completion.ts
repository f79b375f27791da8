// The redirect sign-in completion running on each runtime. Kept apart from the completion itself so
// fetchAuthSession can wait for it without pulling the code exchange into every bundle.

const pending = new WeakMap<object, Promise<unknown>>();

/** The completion running on `runtime`, if any. */
export function pendingRedirectCompletion(runtime: object): Promise<unknown> | undefined {
  return pending.get(runtime);
}

/** Runs `complete` unless one is already running on `runtime`, whose promise is then returned instead (single flight). */
export function runRedirectCompletionOnce<T>(runtime: object, complete: () => Promise<T>): Promise<T> {
  const running = pending.get(runtime);
  if (running !== undefined) return running as Promise<T>;
  const completion = complete().finally(() => pending.delete(runtime));
  pending.set(runtime, completion);
  return completion;
}

/** Resolves once no completion runs on `runtime` (whatever its outcome), so a session read after it sees its tokens. */
export async function afterRedirectCompletion(runtime: object): Promise<void> {
  const running = pending.get(runtime);
  if (running === undefined) return;
  try {
    await running;
  } catch {
    // Its caller gets the error; a session reader only needs it to be over.
  }
}
