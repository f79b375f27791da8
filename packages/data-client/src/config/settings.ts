import { ConflictError, DataClientError } from '../errors/data-client-errors.js';
import type { ModelClient } from '../graphql/model-client.js';
import type { TemporaryProfile } from '../users/temporary-profile.js';
import type { UserRecord } from '../users/user-loader.js';
import type { ConfigRecord } from './config-loader.js';

/**
 * Sets `key` to `value` in a JSON settings text: an object gets the key; an array has it set in
 * its first element (the form sessionLength may take); anything else becomes a new object.
 */
export function mergeSetting(json: string | null | undefined, key: string, value: unknown): string {
  let parsed: unknown;
  try {
    parsed = json === null || json === undefined || json === '' ? {} : (JSON.parse(json) as unknown);
  } catch {
    parsed = {};
  }
  if (Array.isArray(parsed)) {
    const list: unknown[] = parsed;
    const first = list[0];
    const head = first !== null && typeof first === 'object' && !Array.isArray(first) ? { ...first, [key]: value } : { [key]: value };
    return JSON.stringify([head, ...list.slice(1)]);
  }
  const base = parsed !== null && typeof parsed === 'object' ? parsed : {};
  return JSON.stringify({ ...base, [key]: value });
}

/** The user and config after a setting was saved. */
export interface SavedSetting {
  readonly user: UserRecord | TemporaryProfile;
  readonly config: ConfigRecord | null;
}

/**
 * Saves a key-value setting into both the user's userConfig and the linked config's JSON, merged
 * onto the stored records (conditional on their _version, merged again after a conflict).
 * 'No user is logged in' without a user; 'Failed to update config' when a write fails. A
 * temporary profile has no record: it is updated in memory only.
 */
export async function saveSetting(
  models: ModelClient,
  current: { readonly user: UserRecord | TemporaryProfile | null | undefined; readonly config: ConfigRecord | null | undefined },
  key: string,
  value: unknown,
): Promise<SavedSetting> {
  const { user, config } = current;
  if (user === null || user === undefined) throw new DataClientError('NoUserLoggedInError');
  if ('temporary' in user) return { user: { ...user, userConfig: mergeSetting(user.userConfig, key, value) }, config: config ?? null };
  try {
    const updatedUser = await mergeFresh(user, (id) => models.UserMdl.get(id), (base) =>
      models.UserMdl.update({ id: user.id, userConfig: mergeSetting(base.userConfig, key, value), ...versionInput(base) }),
    );
    const updatedConfig =
      config === null || config === undefined
        ? null
        : await mergeFresh(config, (id) => models.ConfigMdl.get(id), (base) => models.ConfigMdl.update({ id: config.id, config: mergeSetting(base.config, key, value), ...versionInput(base) }));
    return { user: updatedUser, config: updatedConfig };
  } catch (error) {
    throw new DataClientError('ConfigUpdateError', { cause: error });
  }
}

/** Most times a setting is merged again onto a record someone else changed meanwhile. */
const MAX_SETTING_ATTEMPTS = 3;

function versionInput(record: { readonly _version?: number | undefined }): { _version?: number } {
  return typeof record._version === 'number' ? { _version: record._version } : {};
}

/**
 * Writes one setting key onto the stored record without losing anyone's other keys (issue 21): the
 * key is merged into the record as last read (read fresh when the caller's copy has no _version),
 * written with that _version, and on a conflict merged again onto the current record. Only the one
 * key changes, so re-applying it over someone else's save keeps both.
 */
async function mergeFresh<R extends { readonly id: string; readonly _version?: number | undefined }>(
  known: R,
  read: (id: string) => Promise<R | null>,
  write: (base: R) => Promise<R>,
): Promise<R> {
  let base = typeof known._version === 'number' ? known : ((await read(known.id)) ?? known);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write(base);
    } catch (error) {
      if (!(error instanceof ConflictError) || error.current === null || attempt >= MAX_SETTING_ATTEMPTS) throw error;
      base = error.current as unknown as R;
    }
  }
}
