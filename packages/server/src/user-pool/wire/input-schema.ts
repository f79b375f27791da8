// Typed validators for operation inputs, hand-written (instead of e.g. zod, which is not installed)
// because failures must read like Cognito's own: "1 validation error detected: Value null at
// 'username' failed to satisfy constraint: Member must not be null".
import { fail } from '../../errors/catalogue.js';

/** A validator producing a typed value; problems are appended to `problems`. */
export interface Schema<T> {
  /** Checks `value` found at `at` (a member path); returns the typed value or undefined after recording a problem. */
  check(value: unknown, at: string, problems: string[]): T | undefined;
  /** Member names, for object schemas (docs and fuzz tests). */
  readonly members?: readonly string[];
}

/** The type a schema produces. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

// Unpaired halves of a surrogate pair (matched without the u flag, which would read them as code points).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a request string may travel on to the database and back into answers: no NUL (PostgreSQL
 * text and jsonb cannot hold U+0000, so it would surface as a 500) and no unpaired surrogate (not
 * encodable as UTF-8: drivers silently replace it, so what is stored is not what was sent).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

const STORABLE = 'Member must not contain NUL characters or unpaired surrogates';

function problem(at: string, constraint: string, value: unknown): string {
  const shown = value === null || value === undefined ? 'Value null' : 'Value';
  return `${shown} at '${at}' failed to satisfy constraint: ${constraint}`;
}

/** Lower-camel member path as Cognito prints it ("UserAttributes.1.member.name" style, simplified). */
function memberPath(parent: string, key: string): string {
  const camel = key.charAt(0).toLowerCase() + key.slice(1);
  return parent === '' ? camel : `${parent}.${camel}`;
}

interface StringRules {
  readonly min?: number;
  readonly max?: number;
  readonly pattern?: RegExp;
}

/** A required string with Cognito's length and pattern constraints. */
export function string(rules: StringRules = {}): Schema<string> {
  const min = rules.min ?? 0;
  return {
    check(value, at, problems) {
      if (value === undefined || value === null) {
        problems.push(problem(at, 'Member must not be null', value));
        return undefined;
      }
      if (typeof value !== 'string') {
        problems.push(problem(at, 'Member must be a string', value));
        return undefined;
      }
      if (!isStorableText(value)) {
        problems.push(problem(at, STORABLE, value));
        return undefined;
      }
      // Cognito counts characters, not UTF-16 units.
      const length = [...value].length;
      if (length < min) {
        problems.push(problem(at, `Member must have length greater than or equal to ${min}`, value));
        return undefined;
      }
      if (rules.max !== undefined && length > rules.max) {
        problems.push(problem(at, `Member must have length less than or equal to ${rules.max}`, value));
        return undefined;
      }
      if (rules.pattern !== undefined && !rules.pattern.test(value)) {
        problems.push(problem(at, `Member must satisfy regular expression pattern: ${rules.pattern.source}`, value));
        return undefined;
      }
      return value;
    },
  };
}

/** A required string that must be one of `values`. */
export function enumeration<const T extends string>(values: readonly T[]): Schema<T> {
  return {
    check(value, at, problems) {
      if (value === undefined || value === null) {
        problems.push(problem(at, 'Member must not be null', value));
        return undefined;
      }
      const found = values.find((v) => v === value);
      if (found === undefined) {
        problems.push(problem(at, `Member must satisfy enum value set: [${values.join(', ')}]`, value));
        return undefined;
      }
      return found;
    },
  };
}

/** A required boolean. */
export function boolean(): Schema<boolean> {
  return {
    check(value, at, problems) {
      if (typeof value === 'boolean') return value;
      problems.push(problem(at, value === undefined || value === null ? 'Member must not be null' : 'Member must be a boolean', value));
      return undefined;
    },
  };
}

/** A required integer within bounds. */
export function integer(min: number, max: number): Schema<number> {
  return {
    check(value, at, problems) {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        problems.push(problem(at, value === undefined || value === null ? 'Member must not be null' : 'Member must be an integer', value));
        return undefined;
      }
      if (value < min || value > max) {
        problems.push(problem(at, `Member must have value between ${min} and ${max}`, value));
        return undefined;
      }
      return value;
    },
  };
}

/** Makes a member optional: absent or null gives undefined. */
export function optional<T>(schema: Schema<T>): Schema<T | undefined> {
  return {
    check(value, at, problems) {
      if (value === undefined || value === null) return undefined;
      return schema.check(value, at, problems);
    },
  };
}

/** A list of items, each checked by `item`. */
export function array<T>(item: Schema<T>, rules: { readonly max?: number } = {}): Schema<T[]> {
  return {
    check(value, at, problems) {
      if (!Array.isArray(value)) {
        problems.push(problem(at, value === undefined || value === null ? 'Member must not be null' : 'Member must be a list', value));
        return undefined;
      }
      if (rules.max !== undefined && value.length > rules.max) {
        problems.push(problem(at, `Member must have length less than or equal to ${rules.max}`, value));
        return undefined;
      }
      const out: T[] = [];
      const before = problems.length;
      value.forEach((v: unknown, i) => {
        const checked = item.check(v, `${at}.${i + 1}.member`, problems);
        if (checked !== undefined) out.push(checked);
      });
      return problems.length === before ? out : undefined;
    },
  };
}

/** Rules of a string map. */
export interface StringMapRules {
  readonly maxEntries?: number;
  /** Longest key, in characters (default 256). */
  readonly maxKeyLength?: number;
  /** Longest value without its own schema, in UTF-16 units. */
  readonly maxValueLength?: number;
  /** The schema of the value under `key`, when that key has stricter rules (AuthParameters' USERNAME, SRP_A…). */
  readonly valueSchema?: (key: string) => Schema<string> | undefined;
}

/** A string-to-string map (AuthParameters, ChallengeResponses, ClientMetadata). */
export function stringMap(rules: StringMapRules = {}): Schema<Record<string, string>> {
  const maxKeyLength = rules.maxKeyLength ?? 256;
  return {
    check(value, at, problems) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problems.push(problem(at, value === undefined || value === null ? 'Member must not be null' : 'Member must be a map of strings', value));
        return undefined;
      }
      const entries = Object.entries(value as Record<string, unknown>);
      if (rules.maxEntries !== undefined && entries.length > rules.maxEntries) {
        problems.push(problem(at, `Member must have at most ${rules.maxEntries} entries`, value));
        return undefined;
      }
      const out: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [k, v] of entries) {
        // A bad key is reported at the map: echoing it in the path would carry it into the message.
        if (!isStorableText(k)) {
          problems.push(problem(at, 'Map keys must not contain NUL characters or unpaired surrogates', value));
          return undefined;
        }
        if ([...k].length > maxKeyLength) {
          problems.push(problem(at, `Map keys must have length less than or equal to ${maxKeyLength}`, value));
          return undefined;
        }
        const own = rules.valueSchema?.(k);
        if (own !== undefined) {
          const checked = own.check(v, `${at}.${k}`, problems);
          if (checked === undefined) return undefined;
          out[k] = checked;
          continue;
        }
        if (typeof v !== 'string') {
          problems.push(problem(`${at}.${k}`, 'Map value must be a string', v));
          return undefined;
        }
        if (!isStorableText(v)) {
          problems.push(problem(`${at}.${k}`, STORABLE, v));
          return undefined;
        }
        if (rules.maxValueLength !== undefined && v.length > rules.maxValueLength) {
          problems.push(problem(`${at}.${k}`, `Map value must have length less than or equal to ${rules.maxValueLength}`, v));
          return undefined;
        }
        out[k] = v;
      }
      return out;
    },
  };
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
/** The typed object a shape describes (optional members become optional properties). */
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> };

/** A JSON object with the given members; unknown members are ignored, as AWS services do. */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  return {
    members: Object.keys(shape),
    check(value, at, problems) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problems.push(problem(at === '' ? 'body' : at, 'Member must be an object', value));
        return undefined;
      }
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      const before = problems.length;
      for (const [key, schema] of Object.entries(shape)) {
        const own = Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
        const checked = schema.check(own, memberPath(at, key), problems);
        if (checked !== undefined) out[key] = checked;
      }
      return problems.length === before ? (out as ObjectOf<S>) : undefined;
    },
  };
}

/**
 * The member path of the first string or key in `value` that is not storable text, or undefined.
 * Iterative, so a deeply nested document cannot exhaust the stack.
 */
function unstorablePath(value: unknown): string | undefined {
  const pending: (readonly [unknown, string])[] = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return at;
    } else if (Array.isArray(item)) {
      item.forEach((member: unknown, i) => pending.push([member, `${at}.${i + 1}.member`]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, member] of Object.entries(item)) {
        if (!isStorableText(key)) return at;
        pending.push([member, memberPath(at, key)]);
      }
    }
  }
  return undefined;
}

/** Validates a whole request body; throws InvalidParameterException listing every problem. */
export function parseInput<T>(schema: Schema<T>, body: unknown): T {
  const problems: string[] = [];
  const value = schema.check(body, '', problems);
  // The schema layer's guarantee, whatever the member's own schema (free-form documents included):
  // no string that reaches an operation holds a NUL or an unpaired surrogate.
  const unstorable = problems.length === 0 && value !== undefined ? unstorablePath(value) : undefined;
  if (unstorable !== undefined) problems.push(problem(unstorable === '' ? 'body' : unstorable, STORABLE, value));
  if (problems.length > 0 || value === undefined) {
    const count = problems.length === 0 ? 1 : problems.length;
    const list = problems.length === 0 ? ['Value at body failed to satisfy constraint: Member must be an object'] : problems;
    throw fail('InvalidParameterException', `${count} validation error${count === 1 ? '' : 's'} detected: ${list.join('; ')}`);
  }
  return value;
}

// Shapes that recur across operations, with Cognito's documented constraints.

/** App client id. */
export const clientIdSchema = string({ min: 1, max: 128, pattern: /^[\w+]+$/ });
/** User pool id ("region_id"). */
export const userPoolIdSchema = string({ min: 1, max: 55, pattern: /^[\w-]+_[0-9a-zA-Z]+$/ });
/** Cognito's UsernameType pattern: letters, marks, symbols, numbers, punctuation (no spaces or control characters). */
export const USERNAME_PATTERN = /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u;
/** Username as Cognito allows it. */
export const usernameSchema = string({ min: 1, max: 128, pattern: USERNAME_PATTERN });
/** Cognito's SecretHashType (base64 of an HMAC-SHA256). */
export const secretHashSchema = string({ min: 1, max: 128, pattern: /^[\w+=/]+$/ });
/** A password (policy is checked separately to give InvalidPasswordException). */
export const passwordSchema = string({ min: 1, max: 256 });
/** A 6-digit-ish confirmation code as Cognito accepts it. */
export const confirmationCodeSchema = string({ min: 1, max: 2048, pattern: /^[\S]+$/ });
/** A JWT access token. */
export const accessTokenSchema = string({ min: 1, max: 16384, pattern: /^[A-Za-z0-9-_=.]+$/ });
/** One {Name, Value} attribute. */
export const attributeSchema = object({ Name: string({ min: 1, max: 32, pattern: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u }), Value: optional(string({ max: 2048 })) });
/** A list of attributes. */
export const attributeListSchema = array(attributeSchema, { max: 100 });
/** ClientMetadata map. */
export const clientMetadataSchema = stringMap({ maxEntries: 100, maxValueLength: 2048 });
