// What managed login looks like: classic UI customization (CSS and logo per pool or app client) and
// managed-login branding styles.
import type { Operation } from '../operations/operation.js';
import { getUiCustomization } from './get-ui-customization.js';
import { setUiCustomization } from './set-ui-customization.js';

/** The branding operations (admin credential or CLI only). */
export const brandingOperations: readonly Operation[] = [setUiCustomization, getUiCustomization];
