// This package's fast-check knobs (FC_NUM_RUNS, FC_SEED, FC_PATH): tooling/property-knobs.ts reads them
// for every package; vitest loads this file before each property-test file (setupFiles).
import fc from 'fast-check';
import { beforeEach, vi } from 'vitest';

import { installPropertyKnobs } from '../../../tooling/property-knobs.js';
import type { PropertyRuns } from '../../../tooling/property-knobs.js';

export type { PropertyRuns };

/** fc.assert's parameters and test timeouts, as the environment's knobs set them. */
export const { propertyRuns, propertyTimeout } = installPropertyKnobs({ fc, beforeEach, vi });
