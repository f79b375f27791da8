import type { Operation } from '../operations/operation.js';
import { describeUserPool } from './describe-user-pool.js';
import { getUserPoolMfaConfig } from './get-user-pool-mfa-config.js';
import { listUserPools } from './list-user-pools.js';
import { setUserPoolMfaConfig } from './set-user-pool-mfa-config.js';

/** The pool-level operations (admin credential, admin API or CLI). */
export const poolOperations: readonly Operation[] = [describeUserPool, listUserPools, getUserPoolMfaConfig, setUserPoolMfaConfig];
