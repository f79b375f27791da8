// App clients and resource servers: the admin operations that manage them, and the configuration
// applied to the server's default client at every start.
import type { Operation } from '../operations/operation.js';
import { createUserPoolClient, deleteUserPoolClient, describeUserPoolClient, listUserPoolClients, updateUserPoolClient } from './app-client-operations.js';
import { addUserPoolClientSecret, deleteUserPoolClientSecret, listUserPoolClientSecrets } from './client-secrets.js';
import {
  createResourceServer,
  deleteResourceServerOperation,
  describeResourceServer,
  listResourceServersOperation,
  updateResourceServerOperation,
} from './resource-server-operations.js';

/** The app-client and resource-server operations (admin credential or CLI only). */
export const appClientOperations: readonly Operation[] = [
  createUserPoolClient,
  updateUserPoolClient,
  describeUserPoolClient,
  listUserPoolClients,
  deleteUserPoolClient,
  addUserPoolClientSecret,
  listUserPoolClientSecrets,
  deleteUserPoolClientSecret,
  createResourceServer,
  describeResourceServer,
  listResourceServersOperation,
  updateResourceServerOperation,
  deleteResourceServerOperation,
];

export { applyDefaultClientConfig } from './default-client-config.js';
export { redirectUrlProblem } from './redirect-urls.js';
