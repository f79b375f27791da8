import { adminListUserAuthEvents } from './admin-auth-events.js';
import type { Operation } from '../operations/operation.js';
import { adminAddUserToGroup, adminListGroupsForUser, adminRemoveUserFromGroup, createGroup, listGroups, listUsersInGroup } from './admin-groups.js';
import { adminResetUserPassword, adminSetUserPassword } from './admin-passwords.js';
import { adminConfirmSignUp, adminDisableUser, adminEnableUser, adminSetUserMfaPreference, adminUserGlobalSignOut } from './admin-status.js';
import { adminCreateUser, adminDeleteUser, adminGetUser } from './admin-users.js';
import { listUsers } from './list-users.js';
import { adminSetUserSettings } from './admin-set-user-settings.js';
import { adminDeleteUserAttributes } from './admin-delete-user-attributes.js';
import { adminUpdateUserAttributes } from './admin-update-user-attributes.js';
import { deleteGroup } from './delete-group.js';
import { getGroup } from './get-group.js';
import { updateGroup } from './update-group.js';
import { getSessionPolicy, setSessionPolicy } from './session-policy.js';
import { adminDeleteSoftwareToken } from './admin-delete-software-token.js';

/** The Admin* operations, ListUsers and group management (admin credential, admin REST API or CLI only). */
export const adminOperations: readonly Operation[] = [
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  listUsers,
  adminSetUserPassword,
  adminResetUserPassword,
  adminDisableUser,
  adminEnableUser,
  adminConfirmSignUp,
  adminAddUserToGroup,
  adminRemoveUserFromGroup,
  adminListGroupsForUser,
  adminUserGlobalSignOut,
  adminSetUserMfaPreference,
  createGroup,
  listGroups,
  listUsersInGroup,
  setSessionPolicy,
  getSessionPolicy,
  adminUpdateUserAttributes,
  adminDeleteUserAttributes,
  getGroup,
  updateGroup,
  deleteGroup,
  adminSetUserSettings,
  adminListUserAuthEvents,
  adminDeleteSoftwareToken,
];
