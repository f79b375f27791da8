// AuthParameters and ChallengeResponses: small string maps. A null value counts as absent, as on
// Cognito: amazon-cognito-identity-js retries a sign-in with "DEVICE_KEY": null after the server
// said the device does not exist.
import { stringMap, type Schema } from '../../wire/input-schema.js';

const strings = stringMap({ maxEntries: 64, maxValueLength: 16_384 });

/** The schema of AuthParameters / ChallengeResponses. */
export const authParametersSchema: Schema<Record<string, string>> = {
  check(value, at, problems) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return strings.check(value, at, problems);
    const present = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null));
    return strings.check(present, at, problems);
  },
};
