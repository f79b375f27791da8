import type { ModelEntity } from '../model/resolved-model.js';
import type { AccessRules } from '../model/model-types.js';
import { ident, type SqlParams } from '../sql/sql-text.js';
import type { Caller } from './caller.js';

/** An operation the access rules govern. */
export type Operation = keyof AccessRules;

/** One row condition: the record's `field` must equal `value`. */
export interface RowCondition {
  readonly field: string;
  readonly value: string;
}

/**
 * What a caller may do with an entity: everything, nothing, or rows matching any of the conditions.
 */
export type AccessDecision = { readonly kind: 'all' } | { readonly kind: 'none' } | { readonly kind: 'rows'; readonly conditions: readonly RowCondition[] };

/** Applies an entity's access rules for one operation to a caller (pure). Admins may do everything. */
export function decideAccess(entity: ModelEntity, operation: Operation, caller: Caller): AccessDecision {
  if (caller.isAdmin) return { kind: 'all' };
  const conditions: RowCondition[] = [];
  for (const grant of entity.access[operation]) {
    if (grant === 'staff') {
      if (caller.isStaff) return { kind: 'all' };
    } else if ('owner' in grant) {
      conditions.push({ field: grant.owner, value: caller.sub });
    } else if ('ownerRecord' in grant) {
      if (caller.userMdlId !== null) conditions.push({ field: grant.ownerRecord, value: caller.userMdlId });
    } else if (caller.clientNumber !== null) {
      conditions.push({ field: grant.client, value: caller.clientNumber });
    }
  }
  return conditions.length === 0 ? { kind: 'none' } : { kind: 'rows', conditions };
}

/** The decision as a SQL boolean expression over the entity's columns. */
export function accessSql(decision: AccessDecision, params: SqlParams): string {
  if (decision.kind === 'all') return 'TRUE';
  if (decision.kind === 'none') return 'FALSE';
  return `(${decision.conditions.map((c) => `${ident(c.field)} = ${params.add(c.value)}`).join(' OR ')})`;
}

/** True when a record with these values satisfies the decision. */
export function recordAllowed(decision: AccessDecision, record: Readonly<Record<string, unknown>>): boolean {
  if (decision.kind === 'all') return true;
  if (decision.kind === 'none') return false;
  return decision.conditions.some((c) => record[c.field] === c.value);
}
