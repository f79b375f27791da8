// Component tests: a 1280 px wide "viewport" for matchMedia (jsdom has none), and after each test
// unmount what it rendered and forget stored state.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setViewportWidth } from './testing/render-app';

// The first test of a file also compiles the lazy route modules: allow for it.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
