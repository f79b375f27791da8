import { Kind, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from '../execution/graphql-js.js';

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;

function collect(selectionSet: SelectionSetNode | undefined, fragments: Fragments, out: Map<string, FieldNode[]>, seen: Set<string>, byResponseKey = false): void {
  if (selectionSet === undefined) return;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = byResponseKey ? (selection.alias ?? selection.name).value : selection.name.value;
      const list = out.get(name);
      if (list === undefined) out.set(name, [selection]);
      else list.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collect(selection.selectionSet, fragments, out, seen, byResponseKey);
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      collect(fragments[selection.name.value]?.selectionSet, fragments, out, seen, byResponseKey);
      seen.delete(selection.name.value);
    }
  }
}

/** The sub-fields selected under `nodes` (following fragments), by field name. */
export function subFields(nodes: readonly FieldNode[], fragments: Fragments): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  for (const node of nodes) collect(node.selectionSet, fragments, out, new Set());
  return out;
}

/**
 * The sub-fields selected under `nodes` by response key (alias, else name), as the executor groups
 * them: each group is one resolver call per record.
 */
export function subFieldsByResponseKey(nodes: readonly FieldNode[], fragments: Fragments): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  for (const node of nodes) collect(node.selectionSet, fragments, out, new Set(), true);
  return out;
}

/**
 * Names of the fields selected on the records of this field: directly for a record field, under
 * `items` for a connection. Lets the SQL read only the columns asked for. @skip/@include are
 * ignored here (a skipped column is read but not returned).
 */
export function selectedRecordFields(nodes: readonly FieldNode[], fragments: Fragments, connection: boolean): Set<string> {
  const direct = subFields(nodes, fragments);
  if (!connection) return new Set(direct.keys());
  return new Set(subFields(direct.get('items') ?? [], fragments).keys());
}
