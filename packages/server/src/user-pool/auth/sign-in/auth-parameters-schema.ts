// AuthParameters and ChallengeResponses: small string maps. A null value counts as absent, as on
// Cognito: amazon-cognito-identity-js retries a sign-in with "DEVICE_KEY": null after the server
// said the device does not exist.
//
// Every value is checked at the wire, per key, before any flow reads it: identifiers against the
// shape Cognito gives them elsewhere (DeviceKeyType, SecretHashType…), free text (passwords,
// custom-challenge answers) only for storable text and length. An empty value passes: the flows
// answer it as "Missing required parameter X", as Cognito does.
import { stringMap, string, type Schema } from '../../wire/input-schema.js';

interface ParameterRules {
  readonly max: number;
  readonly pattern?: RegExp;
}

/** A parameter value: empty (absent to the flows) or a string satisfying `rules`. */
function parameter(rules: ParameterRules): Schema<string> {
  const checked = string({ min: 1, ...rules });
  return {
    check(value, at, problems) {
      return value === '' ? '' : checked.check(value, at, problems);
    },
  };
}

// A sign-in name may be an alias (email, phone number, preferred_username), so it gets an attribute
// value's length and, besides UsernameType's characters, spaces; never a control character.
const signInName = parameter({ max: 2048, pattern: /^[\p{L}\p{M}\p{S}\p{N}\p{P}\p{Zs}]+$/u });
const password = parameter({ max: 256 });
const code = parameter({ max: 2048, pattern: /^\S+$/ });
const base64 = (max: number): Schema<string> => parameter({ max, pattern: /^[\w+/=-]+$/ });
const noControlCharacters = (max: number): Schema<string> => parameter({ max, pattern: /^\P{Cc}+$/u });

// A Map, not an object literal: a key such as "constructor" must not find Object's own members.
const PARAMETERS: ReadonlyMap<string, Schema<string>> = new Map(
  Object.entries({
    USERNAME: signInName,
    PASSWORD: password,
    NEW_PASSWORD: password,
    SECRET_HASH: parameter({ max: 128, pattern: /^[\w+=/]+$/ }),
    // Hexadecimal and its range are checked by the flow (with its own message); the wire only lets
    // letters and digits through.
    SRP_A: parameter({ max: 1024, pattern: /^[0-9a-zA-Z]+$/ }),
    DEVICE_KEY: parameter({ max: 55, pattern: /^[\w-]+_[0-9a-f-]+$/ }),
    REFRESH_TOKEN: parameter({ max: 16_384, pattern: /^[A-Za-z0-9-_=.]+$/ }),
    CHALLENGE_NAME: parameter({ max: 64, pattern: /^\w+$/ }),
    PREFERRED_CHALLENGE: parameter({ max: 64, pattern: /^\w+$/ }),
    PASSWORD_CLAIM_SIGNATURE: base64(1024),
    PASSWORD_CLAIM_SECRET_BLOCK: base64(8192),
    TIMESTAMP: noControlCharacters(128),
    SMS_MFA_CODE: code,
    SOFTWARE_TOKEN_MFA_CODE: code,
    EMAIL_OTP_CODE: code,
    SMS_OTP_CODE: code,
    EMAIL: noControlCharacters(2048),
  }),
);
const ATTRIBUTE_VALUE = parameter({ max: 2048 });

const strings = stringMap({
  maxEntries: 64,
  maxKeyLength: 128,
  maxValueLength: 16_384,
  valueSchema: (key) => PARAMETERS.get(key) ?? (key.startsWith('userAttributes.') ? ATTRIBUTE_VALUE : undefined),
});

/** The schema of AuthParameters / ChallengeResponses. */
export const authParametersSchema: Schema<Record<string, string>> = {
  check(value, at, problems) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return strings.check(value, at, problems);
    const present = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null));
    return strings.check(present, at, problems);
  },
};
