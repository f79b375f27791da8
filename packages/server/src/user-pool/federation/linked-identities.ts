// Federated identities linked to existing users (AdminLinkProviderForUser), table
// user_linked_identities. The user's `identities` attribute mirrors the links in Cognito's own form
// (a JSON array as a string), so AdminGetUser, ListUsers and GetUser show them as Cognito does.
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { ProviderType } from './provider-details.js';

/** Cognito's quota of identities linked to one user. */
export const MAX_LINKED_IDENTITIES = 5;

/** One link to store. */
export interface IdentityLink {
  readonly poolId: string;
  readonly providerId: string;
  readonly attributeName: string;
  readonly attributeValue: string;
  readonly sub: string;
}

/** Stores a link (in `tx`); InvalidParameterException when that provider identity is linked already. */
export async function insertLink(tx: Queryable, link: IdentityLink, now: Date): Promise<void> {
  const count = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM user_linked_identities WHERE sub = $1', [link.sub]);
  if ((count[0]?.n ?? 0) >= MAX_LINKED_IDENTITIES) throw fail('LimitExceededException', `A user can be linked to at most ${MAX_LINKED_IDENTITIES} identities.`);
  try {
    await tx.query('INSERT INTO user_linked_identities (pool_id, provider_id, attribute_name, attribute_value, sub, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      link.poolId,
      link.providerId,
      link.attributeName,
      link.attributeValue,
      link.sub,
      now,
    ]);
  } catch (error) {
    // Cognito does not merge users: one provider identity belongs to one user.
    if (isUniqueViolation(error)) throw fail('InvalidParameterException', 'That identity is already linked to a user; merging is not supported. Unlink it first (AdminDisableProviderForUser).');
    throw error;
  }
}

/** Removes the link of a provider identity (in `tx`); the sub it was linked to, or undefined when none was. */
export async function deleteLink(tx: Queryable, providerId: string, attributeValue: string, attributeName?: string): Promise<string | undefined> {
  const rows = await tx.query<{ sub: string }>(
    'DELETE FROM user_linked_identities WHERE provider_id = $1 AND attribute_value = $2 AND ($3::text IS NULL OR attribute_name = $3) RETURNING sub',
    [providerId, attributeValue, attributeName ?? null],
  );
  return rows[0]?.sub;
}

/** The subs of users linked to a provider (a deleted provider's links go with it: their attributes change). */
export async function subsLinkedTo(q: Queryable, providerId: string): Promise<string[]> {
  return (await q.query<{ sub: string }>('SELECT DISTINCT sub FROM user_linked_identities WHERE provider_id = $1', [providerId])).map((r) => r.sub);
}

/** Rewrites the user's `identities` attribute from their links (removed when none is left). */
export async function refreshIdentitiesAttribute(tx: Queryable, sub: string, now: Date): Promise<void> {
  const links = await tx.query<{ attribute_value: string; name: string; provider_type: ProviderType; created_at: Date | string }>(
    `SELECT l.attribute_value, p.name, p.provider_type, l.created_at FROM user_linked_identities l JOIN identity_providers p ON p.id = l.provider_id
      WHERE l.sub = $1 ORDER BY l.created_at, p.name, l.attribute_value`,
    [sub],
  );
  if (links.length === 0) {
    await tx.query("UPDATE users SET attributes = attributes - 'identities', updated_at = $2 WHERE sub = $1", [sub, now]);
    return;
  }
  const identities = links.map((l) => ({
    userId: l.attribute_value,
    providerName: l.name,
    providerType: l.provider_type,
    issuer: null,
    primary: false,
    dateCreated: new Date(l.created_at).getTime(),
  }));
  await tx.query("UPDATE users SET attributes = attributes || jsonb_build_object('identities', $2::text), updated_at = $3 WHERE sub = $1", [sub, JSON.stringify(identities), now]);
}
