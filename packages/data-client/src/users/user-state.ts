import type { TemporaryProfile } from './temporary-profile.js';
import type { UserRecord } from './user-loader.js';

/** The client-side user state of spec section 3 (without the store's status and error). */
export interface UserStateFields {
  user_id: string;
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  userId: string;
  clientNumber: string;
  userType: string;
  userConfig: string | null;
  clientmdlID: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Maps a user record or temporary profile to the client-side user state fields. */
export function toUserState(user: UserRecord | TemporaryProfile): UserStateFields {
  const record = 'temporary' in user ? null : user;
  return {
    user_id: user.id,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    title: user.title ?? '',
    email: user.email ?? '',
    userId: user.userId,
    clientNumber: user.clientNumber ?? '',
    userType: user.userType ?? 'user',
    userConfig: user.userConfig ?? null,
    clientmdlID: user.clientmdlID ?? null,
    createdAt: record?.createdAt ?? null,
    updatedAt: record?.updatedAt ?? null,
  };
}
