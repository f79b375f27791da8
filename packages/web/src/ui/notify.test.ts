import { describe, expect, it } from 'vitest';
import { notify, subscribeToastsWanted, toastsWanted, toasterMounted } from './notify';

describe('notify', () => {
  it('asks for the Toaster with the first message, not before', async () => {
    expect(toastsWanted()).toBe(false);
    let told = 0;
    const stop = subscribeToastsWanted(() => (told += 1));
    const shown = notify.info('Saved');
    expect(toastsWanted()).toBe(true);
    expect(told).toBe(1);
    void notify.info('Again');
    expect(told).toBe(1);
    stop();
    toasterMounted();
    await shown;
  });
});
