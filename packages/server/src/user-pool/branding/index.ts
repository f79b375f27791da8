// What managed login looks like: classic UI customization (CSS and logo per pool or app client) and
// managed-login branding styles (stored and answered; branding-look.ts is what the hosted page renders of them).
import type { Operation } from '../operations/operation.js';
import { createManagedLoginBranding } from './create-managed-login-branding.js';
import { deleteManagedLoginBranding } from './delete-managed-login-branding.js';
import { describeManagedLoginBranding } from './describe-managed-login-branding.js';
import { describeManagedLoginBrandingByClient } from './describe-managed-login-branding-by-client.js';
import { getUiCustomization } from './get-ui-customization.js';
import { setUiCustomization } from './set-ui-customization.js';
import { updateManagedLoginBranding } from './update-managed-login-branding.js';

/** The branding operations (admin credential or CLI only). */
export const brandingOperations: readonly Operation[] = [
  setUiCustomization,
  getUiCustomization,
  createManagedLoginBranding,
  describeManagedLoginBranding,
  describeManagedLoginBrandingByClient,
  updateManagedLoginBranding,
  deleteManagedLoginBranding,
];
