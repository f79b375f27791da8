import type { AuthPort, DataClientLogger } from '../client/ports.js';
import { DataClientError } from '../errors/data-client-errors.js';
import type { EntityRecord, ModelFilter } from '../graphql/entity-fields.js';
import type { ModelClient } from '../graphql/model-client.js';
import { temporaryProfile, type TemporaryProfile, type UserAttributes } from './temporary-profile.js';

/** A user record. */
export type UserRecord = EntityRecord<'UserMdl'>;

/** The loaded user: their record, or the temporary profile. */
export type LoadedUser = { readonly kind: 'record'; readonly user: UserRecord } | { readonly kind: 'temporary'; readonly user: TemporaryProfile };

/** The user of the signed-in subject. */
export interface UserLoadResult {
  readonly sub: string;
  readonly attributes: UserAttributes;
  readonly loaded: LoadedUser;
}

/** The lookups of spec section 7, in order: userId = sub; userId contains lower(sub); email = or contains username/email. */
export function userLookups(sub: string, login: readonly (string | undefined)[]): ModelFilter<'UserMdl'>[] {
  const lookups: ModelFilter<'UserMdl'>[] = [{ userId: { eq: sub } }, { userId: { contains: sub.toLowerCase() } }];
  for (const value of [...new Set(login.filter((v): v is string => v !== undefined && v !== ''))]) {
    lookups.push({ or: [{ email: { eq: value } }, { email: { contains: value } }] });
  }
  return lookups;
}

/** Loads the signed-in user's record with the fallbacks of spec section 7 and the temporary profile of section 8. */
export class UserLoader {
  constructor(
    private readonly models: ModelClient,
    private readonly auth: Pick<AuthPort, 'fetchUserAttributes' | 'getCurrentUser'>,
    private readonly logger: DataClientLogger,
  ) {}

  /** The identity attributes; throws 'Failed to get authenticated user from the identity provider' / 'No userId found in user attributes'. */
  async attributes(): Promise<{ sub: string; attributes: UserAttributes; username: string | undefined }> {
    let attributes: UserAttributes;
    let username: string | undefined;
    try {
      attributes = await this.auth.fetchUserAttributes();
      username = await this.auth.getCurrentUser().then(
        (u) => u.username,
        () => undefined,
      );
    } catch (error) {
      throw new DataClientError('IdentityProviderUserError', { cause: error });
    }
    const sub = attributes.sub;
    if (sub === undefined || sub === '') throw new DataClientError('MissingUserIdError');
    return { sub, attributes, username };
  }

  /** Finds the record of `sub` (limit 1 per lookup); null when none matches. Throws when a lookup fails. */
  async findRecord(sub: string, login: readonly (string | undefined)[]): Promise<UserRecord | null> {
    for (const filter of userLookups(sub, login)) {
      const page = await this.models.UserMdl.list({ filter, limit: 1 });
      if (page.items[0] !== undefined) return page.items[0];
    }
    return null;
  }

  /** The signed-in user's record, or the temporary profile when none exists or the lookup fails. */
  async loadCurrentUser(): Promise<UserLoadResult> {
    const { sub, attributes, username } = await this.attributes();
    try {
      let record: UserRecord | null = null;
      try {
        record = await this.findRecord(sub, [username, attributes.email]);
      } catch (error) {
        this.logger.warn('user lookup failed; using the temporary profile', error);
      }
      const loaded: LoadedUser = record === null ? { kind: 'temporary', user: temporaryProfile(sub, attributes) } : { kind: 'record', user: record };
      return { sub, attributes, loaded };
    } catch (error) {
      throw new DataClientError('UserRecordUnavailableError', { cause: error });
    }
  }

  /** A user record by id; throws 'Failed to fetch user record' when the call fails. */
  async fetchUserRecord(id: string): Promise<UserRecord | null> {
    try {
      return await this.models.UserMdl.get(id);
    } catch (error) {
      throw new DataClientError('UserFetchError', { cause: error });
    }
  }
}
