import { useEffect, useState } from 'react';
import { useServices } from '../../app/ports-context';
import type { AccountPort } from '../../app/ports';

/** The account port, once its chunk has loaded (null until then). */
export function useAccountPort(): AccountPort | null {
  const { loadAccountPort } = useServices();
  const [port, setPort] = useState<AccountPort | null>(null);
  useEffect(() => {
    let current = true;
    void loadAccountPort().then((loaded) => current && setPort(loaded));
    return () => {
      current = false;
    };
  }, [loadAccountPort]);
  return port;
}
