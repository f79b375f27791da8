// Terms documents (terms of use, privacy policy) of app clients, linked from the hosted sign-up page.
import type { Operation } from '../operations/operation.js';
import { createTerms } from './create-terms.js';
import { deleteTermsOperation } from './delete-terms.js';
import { describeTermsByClient } from './describe-terms-by-client.js';
import { describeTerms } from './describe-terms.js';
import { listTermsOperation } from './list-terms.js';
import { updateTermsOperation } from './update-terms.js';

/** The terms operations (admin credential or CLI only). */
export const termsOperations: readonly Operation[] = [createTerms, describeTerms, describeTermsByClient, updateTermsOperation, deleteTermsOperation, listTermsOperation];
