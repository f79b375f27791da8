import type { Operation } from '../user-pool/operations/operation.js';
import { getCredentialsForIdentity, getId } from './identity-operations.js';

/** The identity-pool operations (AWSCognitoIdentityService.*). */
export const identityPoolOperations: readonly Operation[] = [getId, getCredentialsForIdentity];
