// The parameters of an OAuth request (a query string or a form body), read as RFC 6749 §3.1 says:
// empty values count as absent, the protocol's parameters may not be repeated, unknown ones are
// ignored. A value that could not be stored or echoed unchanged (NUL, an unpaired surrogate) or is
// longer than its limit is refused before it reaches the database.
import { isStorableText } from '../../user-pool/wire/input-schema.js';

/** Default longest value of a parameter, in UTF-16 units. */
export const MAX_PARAMETER_LENGTH = 4096;

/** Parameters as read; `problem` names the first one that cannot be used. */
export interface ReadParameters<N extends string> {
  readonly values: { readonly [P in N]?: string };
  readonly problem: { readonly name: N; readonly reason: 'repeated' | 'unusable' | 'too long' } | undefined;
}

/**
 * Reads `names` (with their longest length; others are ignored) from a parsed query or form body,
 * whose repeated keys Fastify gives as arrays.
 */
export function readParameters<N extends string>(raw: unknown, limits: { readonly [P in N]: number }): ReadParameters<N> {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const values: Partial<Record<N, string>> = {};
  let problem: ReadParameters<N>['problem'];
  for (const name of Object.keys(limits) as N[]) {
    if (!Object.prototype.hasOwnProperty.call(source, name)) continue;
    const value = source[name];
    const given: unknown[] = Array.isArray(value) ? (value as unknown[]).filter((v) => v !== '') : [value];
    if (given.length > 1) {
      problem ??= { name, reason: 'repeated' };
      continue;
    }
    const single = given[0];
    if (single === undefined || single === '') continue;
    if (typeof single !== 'string' || !isStorableText(single)) {
      problem ??= { name, reason: 'unusable' };
      continue;
    }
    if (single.length > limits[name]) {
      problem ??= { name, reason: 'too long' };
      continue;
    }
    values[name] = single;
  }
  return { values, problem };
}

/** The sentence for a parameter problem, for error_description. */
export function describeProblem(problem: { readonly name: string; readonly reason: 'repeated' | 'unusable' | 'too long' }): string {
  switch (problem.reason) {
    case 'repeated':
      return `The ${problem.name} parameter is included more than once.`;
    case 'unusable':
      return `The ${problem.name} parameter contains characters that are not allowed.`;
    case 'too long':
      return `The ${problem.name} parameter is too long.`;
  }
}
