import type { Operation } from '../operations/operation.js';
import { addCustomAttributes } from './add-custom-attributes.js';
import { createUserPoolDomain } from './create-user-pool-domain.js';
import { createUserPool } from './create-user-pool.js';
import { deleteUserPoolDomain } from './delete-user-pool-domain.js';
import { deleteUserPool } from './delete-user-pool.js';
import { describeUserPoolDomain } from './describe-user-pool-domain.js';
import { describeUserPool } from './describe-user-pool.js';
import { getSigningCertificate } from './get-signing-certificate.js';
import { getUserPoolMfaConfig } from './get-user-pool-mfa-config.js';
import { listTagsForResource } from './list-tags-for-resource.js';
import { listUserPools } from './list-user-pools.js';
import { setUserPoolMfaConfig } from './set-user-pool-mfa-config.js';
import { tagResource } from './tag-resource.js';
import { untagResource } from './untag-resource.js';
import { updateUserPoolDomain } from './update-user-pool-domain.js';
import { updateUserPool } from './update-user-pool.js';

/** The pool-level operations (admin credential, admin API or CLI). */
export const poolOperations: readonly Operation[] = [
  createUserPool,
  describeUserPool,
  updateUserPool,
  deleteUserPool,
  listUserPools,
  getUserPoolMfaConfig,
  setUserPoolMfaConfig,
  addCustomAttributes,
  tagResource,
  untagResource,
  listTagsForResource,
  getSigningCertificate,
  createUserPoolDomain,
  describeUserPoolDomain,
  updateUserPoolDomain,
  deleteUserPoolDomain,
];
