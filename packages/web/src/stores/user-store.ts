// Client-side user state (spec section 3): the signed-in person's profile fields and the status of
// loading them (idle -> loading -> succeeded | failed).
import { create } from 'zustand';

/** Where the user record load stands (spec section 4 "User load"). */
export type UserLoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** The user record as the data store keeps it (UserMdl); the temporary profile has the same shape. */
export interface UserRecord {
  id: string;
  userId: string;
  clientNumber?: string | null;
  userType?: string | null;
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  userConfig?: string | null;
  clientmdlID?: string | null;
  configmdlID?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** The user's config record (ConfigMdl) as far as the screens use it. */
export interface ConfigRecord {
  id: string;
  configName?: string | null;
  configJson?: string | null;
  config?: string | null;
  usermdlID?: string | null;
}

/** The profile fields of spec section 3, named as the spec names them. */
export interface UserProfileFields {
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  email: string | null;
  userId: string | null;
  clientNumber: string | null;
  userType: string | null;
  userConfig: string | null;
  clientmdlID: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The whole user store: profile, load status, the config record and the actions. */
export interface UserState extends UserProfileFields {
  status: UserLoadStatus;
  error: string | null;
  /** True when the profile was built from the identity attributes because no user record exists. */
  isTemporary: boolean;
  config: ConfigRecord | null;
  /** Loads the profile through `fetchUser`; a failure keeps the message and sets status 'failed'. */
  load: (fetchUser: () => Promise<{ user: UserRecord | null; config?: ConfigRecord | null }>) => Promise<void>;
  /** Puts a record in place directly (after an update). */
  setUser: (user: UserRecord, config?: ConfigRecord | null) => void;
  /** Merges changed name fields into the profile (after a profile save), keeping everything else. */
  patchUser: (patch: Partial<Pick<UserRecord, 'firstName' | 'lastName' | 'title' | 'email'>>) => void;
  /** Forgets everything (sign-out, expired session). */
  clear: () => void;
}

const EMPTY_PROFILE: UserProfileFields = {
  user_id: null,
  first_name: null,
  last_name: null,
  title: null,
  email: null,
  userId: null,
  clientNumber: null,
  userType: null,
  userConfig: null,
  clientmdlID: null,
  createdAt: null,
  updatedAt: null,
};

/** The spec's user-state fields for a record. */
export function profileFromRecord(user: UserRecord): UserProfileFields {
  return {
    user_id: user.id,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    title: user.title ?? null,
    email: user.email ?? null,
    userId: user.userId,
    clientNumber: user.clientNumber ?? null,
    userType: user.userType ?? null,
    userConfig: user.userConfig ?? null,
    clientmdlID: user.clientmdlID ?? null,
    createdAt: user.createdAt ?? null,
    updatedAt: user.updatedAt ?? null,
  };
}

/** The message kept when loading fails without one of its own (spec section 8). */
export const USER_LOAD_FAILED = 'Failed to fetch user record';

/** The user store (Zustand). */
export const useUserStore = create<UserState>()((set) => ({
  ...EMPTY_PROFILE,
  status: 'idle',
  error: null,
  isTemporary: false,
  config: null,
  async load(fetchUser) {
    set({ status: 'loading', error: null });
    try {
      const { user, config } = await fetchUser();
      if (user === null) {
        set({ ...EMPTY_PROFILE, status: 'failed', error: USER_LOAD_FAILED, isTemporary: false, config: config ?? null });
        return;
      }
      set({ ...profileFromRecord(user), status: 'succeeded', error: null, isTemporary: user.id.startsWith('temp-'), config: config ?? null });
    } catch (error) {
      set({ status: 'failed', error: error instanceof Error && error.message !== '' ? error.message : USER_LOAD_FAILED });
    }
  },
  setUser(user, config) {
    set((state) => ({ ...profileFromRecord(user), status: 'succeeded', error: null, isTemporary: user.id.startsWith('temp-'), config: config === undefined ? state.config : config }));
  },
  patchUser(patch) {
    set((state) => ({
      first_name: patch.firstName === undefined ? state.first_name : patch.firstName,
      last_name: patch.lastName === undefined ? state.last_name : patch.lastName,
      title: patch.title === undefined ? state.title : patch.title,
      email: patch.email === undefined ? state.email : patch.email,
    }));
  },
  clear() {
    set({ ...EMPTY_PROFILE, status: 'idle', error: null, isTemporary: false, config: null });
  },
}));

/** The name to greet the user with: first and last name, else the email, else 'User'. */
export function displayName(profile: Pick<UserProfileFields, 'first_name' | 'last_name' | 'email'>): string {
  const name = [profile.first_name, profile.last_name].filter((part) => part !== null && part.trim() !== '').join(' ');
  if (name !== '') return name;
  return profile.email ?? 'User';
}
