// THE list of settings that are policy, with their bounds, and the check every write of a settings
// JSON (ConfigMdl.config/configJson, UserMdl.userConfig) or of a session record (SessionMdl) goes
// through, whatever page or API wrote it. Every other key of a settings JSON is the user's own
// preference and is stored as given.
import { DataApiError } from '../errors/data-api-errors.js';
import type { ModelEntity } from '../model/resolved-model.js';

/** Bounds of a numeric policy setting, inclusive. */
export interface SettingBounds {
  readonly min: number;
  readonly max: number;
}

/**
 * The policy settings and the hard bounds no write may pass. An administrator may lower a
 * setting's maximum pool-wide (SetSessionPolicy), never raise it above these.
 */
export const POLICY_SETTINGS = {
  /** How long a sign-in lasts, seconds (data-client's sessionLength). */
  sessionLength: { min: 60, max: 86_400 },
} as const satisfies Readonly<Record<string, SettingBounds>>;

/** The name of a policy setting. */
export type PolicySetting = keyof typeof POLICY_SETTINGS;

/** The bounds in force for each policy setting (the hard bounds, narrowed by the pool-wide maximum). */
export type PolicyBounds = { readonly [S in PolicySetting]: SettingBounds };

/** The fields holding settings JSON, per entity. */
const SETTINGS_FIELDS: Readonly<Record<string, readonly string[]>> = { ConfigMdl: ['config', 'configJson'], UserMdl: ['userConfig'] };

/** A session's clock may run a little ahead of the server's: its end may pass now + max by this much. */
const SESSION_CLOCK_SKEW_SECONDS = 300;

function outOfBounds(setting: PolicySetting, bounds: SettingBounds, field: string, got: unknown): DataApiError {
  const message =
    field === 'sessionEnd'
      ? `A session may last at most ${bounds.max} seconds (${setting}); sessionEnd ${JSON.stringify(got)} is later than that after its start or after now.`
      : `${setting} must be a whole number of seconds from ${bounds.min} to ${bounds.max}; got ${JSON.stringify(got)}.`;
  return new DataApiError('SettingOutOfBoundsException', message, {
    setting,
    min: bounds.min,
    max: bounds.max,
    field,
  });
}

/** The objects of a settings JSON that may hold settings: the object itself, or each object of an array. */
function settingHolders(json: unknown): Record<string, unknown>[] {
  if (typeof json !== 'string' || json === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const candidates: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return candidates.filter((c): c is Record<string, unknown> => c !== null && typeof c === 'object' && !Array.isArray(c));
}

/** A whole number of seconds as data-client reads it (a number, or digits as text), else undefined. */
function wholeSeconds(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/** Refuses policy settings outside their bounds in the settings JSON fields of a write. */
function checkSettingsJson(entity: ModelEntity, values: Readonly<Record<string, unknown>>, bounds: PolicyBounds): void {
  for (const field of SETTINGS_FIELDS[entity.name] ?? []) {
    for (const holder of settingHolders(values[field])) {
      for (const setting of Object.keys(POLICY_SETTINGS) as PolicySetting[]) {
        if (!Object.hasOwn(holder, setting) || holder[setting] === null) continue;
        const seconds = wholeSeconds(holder[setting]);
        const b = bounds[setting];
        if (seconds === undefined || seconds < b.min || seconds > b.max) throw outOfBounds(setting, b, field, holder[setting]);
      }
    }
  }
}

/**
 * Refuses a session record lasting longer than the policy allows: its sessionLength, or an end
 * still to come that is more than the maximum after its start or after now (so a start in the
 * future does not stretch it either). An end already past (signing out) is always allowed.
 */
function checkSession(values: Readonly<Record<string, unknown>>, storedStart: number | null, bounds: PolicyBounds, nowSeconds: number): void {
  const b = bounds.sessionLength;
  const length = values.sessionLength;
  if (typeof length === 'number' && length > b.max) throw outOfBounds('sessionLength', b, 'sessionLength', length);
  const end = values.sessionEnd;
  if (typeof end !== 'number' || end <= nowSeconds + SESSION_CLOCK_SKEW_SECONDS) return;
  const start = typeof values.sessionStart === 'number' ? values.sessionStart : storedStart;
  if ((start !== null && end - start > b.max) || end > nowSeconds + b.max + SESSION_CLOCK_SKEW_SECONDS) throw outOfBounds('sessionLength', b, 'sessionEnd', end);
}

/** The policy check of the data API's writes; `bounds` reads the bounds in force (the pool-wide maximum may change at any time). */
export class SettingsPolicy {
  constructor(
    private readonly bounds: () => Promise<PolicyBounds>,
    private readonly nowSeconds: () => number,
  ) {}

  /** True when writes of `entity` are checked. */
  governs(entity: ModelEntity): boolean {
    return entity.name === 'SessionMdl' || Object.hasOwn(SETTINGS_FIELDS, entity.name);
  }

  /** Throws SettingOutOfBoundsException when the write would store a policy setting outside its bounds; `storedStart` reads a session's current start (updates). */
  async check(entity: ModelEntity, values: Readonly<Record<string, unknown>>, storedStart: () => Promise<number | null>): Promise<void> {
    if (!this.governs(entity)) return;
    const bounds = await this.bounds();
    if (entity.name === 'SessionMdl') {
      const needsStart = typeof values.sessionEnd === 'number' && typeof values.sessionStart !== 'number';
      checkSession(values, needsStart ? await storedStart() : null, bounds, this.nowSeconds());
    } else {
      checkSettingsJson(entity, values, bounds);
    }
  }
}

/** The bounds in force given the pool-wide maximum session length (undefined: none set). */
export function policyBounds(sessionLengthMax: number | undefined): PolicyBounds {
  const hard = POLICY_SETTINGS.sessionLength;
  return { sessionLength: { min: hard.min, max: sessionLengthMax === undefined ? hard.max : Math.max(hard.min, Math.min(hard.max, sessionLengthMax)) } };
}
