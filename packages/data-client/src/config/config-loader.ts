import type { DataClientLogger } from '../client/ports.js';
import type { EntityRecord } from '../graphql/entity-fields.js';
import type { ModelClient } from '../graphql/model-client.js';

/** A config record. */
export type ConfigRecord = EntityRecord<'ConfigMdl'>;

/** The config name of a user: user_cfg_ plus the last 10 characters of the userId. */
export function userConfigName(userId: string): string {
  return `user_cfg_${userId.slice(-10)}`;
}

/** Loads a user's config: by configmdlID, else by usermdlID, else by config name; null when none or on failure. */
export class ConfigLoader {
  constructor(
    private readonly models: ModelClient,
    private readonly logger: DataClientLogger,
  ) {}

  /** The config of `user`, or null (sign-in continues without it). */
  async loadFor(user: { readonly id: string; readonly userId: string; readonly configmdlID?: string | null }): Promise<ConfigRecord | null> {
    try {
      if (user.configmdlID !== undefined && user.configmdlID !== null && user.configmdlID !== '') {
        const byId = await this.models.ConfigMdl.get(user.configmdlID);
        if (byId !== null) return byId;
      }
      if (!user.id.startsWith('temp-')) {
        const byUser = await this.models.ConfigMdl.list({ filter: { usermdlID: { eq: user.id } }, limit: 1 });
        if (byUser.items[0] !== undefined) return byUser.items[0];
      }
      const byName = await this.models.ConfigMdl.list({ filter: { configName: { eq: userConfigName(user.userId) } }, limit: 1 });
      return byName.items[0] ?? null;
    } catch (error) {
      this.logger.warn('config lookup failed; continuing without config', error);
      return null;
    }
  }
}
