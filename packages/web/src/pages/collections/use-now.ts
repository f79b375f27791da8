import { useEffect, useState } from 'react';

/** The current instant, renewed every `everyMs` (a minute by default) so "callable now" and local times tick. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
