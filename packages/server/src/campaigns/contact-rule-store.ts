// The contact rules as data (ContactRuleMdl rows) turned into the engine's rule set. The planner and
// the runner read them afresh each time, so a rule an Admin changes applies to the next contact.
import type { ContactRule, ContactRuleSet } from '@steward/collections';
import { ContactRulesError, compileRuleSet } from '@steward/collections';
import type { Queryable } from '../db/database.js';

interface RuleRow {
  id: string;
  ruleName: string | null;
  scope: string;
  scopeValue: string | null;
  rule: string;
}

/** The active rules as a checked rule set; throws ContactRulesError naming every bad or duplicated rule. */
export async function loadContactRuleSet(db: Queryable): Promise<ContactRuleSet> {
  const rows = await db.query<RuleRow>(`SELECT "id", "ruleName", "scope", "scopeValue", "rule" FROM "ContactRuleMdl" WHERE "active" IS NOT FALSE ORDER BY "id"`);
  const problems: string[] = [];
  let organization: ContactRule | undefined;
  const states: Record<string, ContactRule> = {};
  const clients: Record<string, ContactRule> = {};
  for (const row of rows) {
    let rule: ContactRule;
    try {
      const parsed = JSON.parse(row.rule) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      rule = parsed;
    } catch {
      problems.push(`rule ${row.id} is not a JSON object`);
      continue;
    }
    const labelled: ContactRule = row.ruleName !== null && row.ruleName.trim() !== '' && rule.label === undefined ? { ...rule, label: row.ruleName } : rule;
    const value = (row.scopeValue ?? '').trim();
    // One rule per place: two would need merging the engine does only across places.
    if (row.scope === 'organization') {
      if (organization !== undefined) problems.push(`rule ${row.id}: only one organization rule may be active`);
      else organization = labelled;
    } else if (row.scope === 'state') {
      const key = value.toUpperCase();
      if (key in states) problems.push(`rule ${row.id}: state ${key} already has an active rule`);
      else states[key] = labelled;
    } else if (row.scope === 'client') {
      if (value === '') problems.push(`rule ${row.id}: a client rule needs scopeValue (the client number)`);
      else if (value in clients) problems.push(`rule ${row.id}: client ${value} already has an active rule`);
      else clients[value] = labelled;
    } else {
      problems.push(`rule ${row.id}: scope must be organization, state or client, not ${JSON.stringify(row.scope)}`);
    }
  }
  if (problems.length > 0) throw new ContactRulesError(problems);
  const ruleSet: ContactRuleSet = { ...(organization === undefined ? {} : { organization }), states, clients };
  // Checked here so a bad rule is reported before any plan is written.
  compileRuleSet(ruleSet);
  return ruleSet;
}
