import { identityPoolOperations } from '../../identity-pool/index.js';
import { accountOperations } from '../accounts/index.js';
import { adminOperations } from '../admin/index.js';
import { appClientOperations } from '../app-clients/index.js';
import { authOperations } from '../auth/index.js';
import { awsOnlyOperations } from '../aws-only/aws-only-operations.js';
import { brandingOperations } from '../branding/index.js';
import { federationOperations } from '../federation/index.js';
import { importOperations } from '../imports/index.js';
import type { Operation } from './operation.js';
import { OperationRegistry } from './registry.js';
import { poolOperations } from '../pools/index.js';
import { termsOperations } from '../terms/index.js';
import { userSessionOperations } from '../user-sessions/index.js';

/** Every operation the server offers. */
export function allOperations(): Operation[] {
  return [
    ...accountOperations,
    ...adminOperations,
    ...appClientOperations,
    ...authOperations,
    ...awsOnlyOperations,
    ...poolOperations,
    ...identityPoolOperations,
    ...federationOperations,
    ...brandingOperations,
    ...termsOperations,
    ...userSessionOperations,
    ...importOperations,
  ];
}

/** A registry of every operation. */
export function createRegistry(operations: readonly Operation[] = allOperations()): OperationRegistry {
  return new OperationRegistry(operations);
}
