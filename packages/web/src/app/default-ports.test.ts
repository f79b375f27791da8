import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./auth-flows', () => {
  loaded.count += 1;
  return {};
});

const { loadAuthFlowsOnFirstInteraction } = await import('./default-ports');

describe('loadAuthFlowsOnFirstInteraction', () => {
  it('fetches the sign-in machinery on the first key, once, and not before', async () => {
    const target = new EventTarget();
    loadAuthFlowsOnFirstInteraction(target);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loaded.count).toBe(0);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(loaded.count).toBe(1));
  });
});
