import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '../ui/notify';

/**
 * Toasts as spec section 9 sets them: rich colours, 4000 ms, 3 visible, bottom-right, 356 px wide.
 * sonner 1.7 dismisses in 200 ms and has a 20 px swipe threshold built in (sonner 2 raised it to 45 px).
 */
export function Toasts() {
  useEffect(() => toasterMounted(), []);
  return <Toaster richColors closeButton duration={4000} visibleToasts={3} position="bottom-right" theme="system" />;
}
