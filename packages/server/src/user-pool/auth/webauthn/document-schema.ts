// A JSON document member (Cognito's "Document" type, e.g. CompleteWebAuthnRegistration's
// Credential): an object, or JSON text of one.
import type { Schema } from '../../wire/input-schema.js';

/** Parses a document: an object as is, or a string holding a JSON object; other values are problems. */
export function documentSchema(): Schema<Record<string, unknown>> {
  return {
    check(value, at, problems) {
      let doc: unknown = value;
      if (typeof value === 'string') {
        try {
          doc = JSON.parse(value) as unknown;
        } catch {
          doc = undefined;
        }
      }
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
        problems.push(`${value === undefined || value === null ? 'Value null' : 'Value'} at '${at}' failed to satisfy constraint: Member must be a JSON object`);
        return undefined;
      }
      return doc as Record<string, unknown>;
    },
  };
}
