// User attributes: Cognito's standard names, the pool's custom ones, and the rules for writing them.
import { fail } from '../../errors/catalogue.js';
import type { ClientRecord, PoolRecord } from '../pools/pool-repository.js';
import type { UserRecord } from './user-repository.js';

/** Cognito's standard attributes (besides `sub`, which is the user's id). */
export const STANDARD_ATTRIBUTES = [
  'address',
  'birthdate',
  'email',
  'email_verified',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'phone_number_verified',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
] as const;

const STANDARD = new Set<string>(STANDARD_ATTRIBUTES);
const VERIFIED_FLAGS = new Set(['email_verified', 'phone_number_verified']);

/** One {Name, Value} pair as on the wire. */
export interface AttributeType {
  Name: string;
  Value?: string;
}

/** Who writes: the user themselves (SignUp, UpdateUserAttributes) or an administrator. */
export type AttributeWriter = 'user' | 'admin';

function isKnown(pool: PoolRecord, name: string): boolean {
  return STANDARD.has(name) || pool.customAttributes.some((c) => c.name === name);
}

function validateValue(name: string, value: string): string | undefined {
  if (name === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Invalid email address format.';
  if (name === 'phone_number' && !/^\+[1-9]\d{4,14}$/.test(value)) return 'Invalid phone number format.';
  if (VERIFIED_FLAGS.has(name) && value !== 'true' && value !== 'false') return `${name} must be true or false.`;
  return undefined;
}

/** What is wrong with a value of a custom attribute, by its data type and constraints (CreateUserPool's Schema), or undefined. */
function customValueProblem(attribute: PoolRecord['customAttributes'][number], value: string): string | undefined {
  if (value === '') return undefined;
  const name = attribute.name;
  switch (attribute.dataType ?? 'String') {
    case 'Number': {
      if (!/^-?\d+(\.\d+)?$/.test(value)) return `${name}: Number must be a number.`;
      const n = Number(value);
      const { MinValue: min, MaxValue: max } = attribute.numberConstraints ?? {};
      if ((min !== undefined && n < Number(min)) || (max !== undefined && n > Number(max))) return `${name}: Number must be within ${min ?? '-∞'} and ${max ?? '∞'}.`;
      return undefined;
    }
    case 'Boolean':
      return value === 'true' || value === 'false' ? undefined : `${name}: Boolean must be true or false.`;
    case 'DateTime':
      return Number.isNaN(Date.parse(value)) && !/^\d+$/.test(value) ? `${name}: DateTime must be a date and time.` : undefined;
    default: {
      const { MinLength: min, MaxLength: max } = attribute.stringConstraints ?? {};
      const length = [...value].length;
      if ((min !== undefined && length < Number(min)) || (max !== undefined && length > Number(max))) return `${name}: String must have a length from ${min ?? '0'} to ${max ?? '2048'}.`;
      return undefined;
    }
  }
}

/**
 * Checks attributes a caller wants to write and returns them as a map. InvalidParameterException
 * for unknown names, `sub`, immutable custom attributes on update, attributes the client may not
 * write, malformed emails/phones, or verified flags set by a user.
 */
export function checkAttributeWrites(
  pool: PoolRecord,
  attributes: readonly AttributeType[],
  options: { writer: AttributeWriter; client?: ClientRecord; creating: boolean },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { Name: given, Value: value = '' } of attributes) {
    // A developer-only attribute is named `dev:custom:<name>` in the schema; stored as `custom:<name>`.
    const name = given.startsWith('dev:custom:') ? given.slice('dev:'.length) : given;
    if (name === 'sub') throw fail('InvalidParameterException', 'Cannot modify an immutable attribute: sub');
    if (!isKnown(pool, name)) throw fail('InvalidParameterException', `Attribute does not exist in the schema: ${name}`);
    if (options.writer === 'user' && VERIFIED_FLAGS.has(name)) throw fail('InvalidParameterException', `Cannot modify the non-mutable attribute ${name}`);
    const custom = pool.customAttributes.find((c) => c.name === name);
    if (custom !== undefined && !custom.mutable && !options.creating) throw fail('InvalidParameterException', `Cannot modify an immutable attribute: ${name}`);
    // DeveloperOnlyAttribute: only an administrator writes it, never the user (SignUp, UpdateUserAttributes).
    if (custom?.developerOnly === true && options.writer === 'user') throw fail('NotAuthorizedException', `A client attempted to write unauthorized attribute: ${name}`);
    // Standard attributes made immutable by CreateUserPool's Schema (Mutable false): set at creation only.
    if (!options.creating && Array.isArray(pool.settings.immutableAttributes) && (pool.settings.immutableAttributes as string[]).includes(name)) {
      throw fail('InvalidParameterException', `Cannot modify an immutable attribute: ${name}`);
    }
    if (options.client?.writeAttributes !== null && options.client?.writeAttributes !== undefined && !options.client.writeAttributes.includes(name)) {
      throw fail('NotAuthorizedException', `A client attempted to write unauthorized attribute: ${name}`);
    }
    const problem = validateValue(name, value);
    if (problem !== undefined) throw fail('InvalidParameterException', problem);
    const customProblem = custom === undefined ? undefined : customValueProblem(custom, value);
    if (customProblem !== undefined) throw fail('InvalidParameterException', `Attributes did not conform to the schema: ${customProblem}`);
    out[name] = value;
  }
  return out;
}

/** Throws InvalidParameterException when a required attribute of the pool is missing or empty. */
export function assertRequiredAttributes(pool: PoolRecord, attributes: Readonly<Record<string, string>>): void {
  const missing = pool.requiredAttributes.filter((name) => (attributes[name] ?? '') === '');
  if (missing.length > 0) {
    throw fail('InvalidParameterException', `Attributes did not conform to the schema: ${missing.map((n) => `${n}: The attribute ${n} is required`).join(', ')}`);
  }
}

/** The user's attributes as Cognito returns them: `sub` first, then the stored ones (optionally only those a client may read). */
export function attributesToWire(user: UserRecord, client?: ClientRecord): AttributeType[] {
  const list: AttributeType[] = [{ Name: 'sub', Value: user.sub }];
  for (const [name, value] of Object.entries(user.attributes)) {
    if (client?.readAttributes !== null && client?.readAttributes !== undefined && !client.readAttributes.includes(name)) continue;
    list.push({ Name: name, Value: value });
  }
  return list;
}
