// The Domain member of the user-pool domain operations: a prefix (`my-app`, served under
// MANAGED_LOGIN_DOMAIN_SUFFIX) or, with CustomDomainConfig, a full host name.
import { fail } from '../../errors/catalogue.js';
import { integer, object, optional, string } from '../wire/input-schema.js';

/** Domain on the wire (a prefix or a host name; checked further by checkDomainName). */
export const domainSchema = string({ min: 1, max: 253, pattern: /^[a-zA-Z0-9.-]+$/ });
/** CustomDomainConfig on the wire. */
export const customDomainConfigSchema = object({ CertificateArn: string({ min: 20, max: 2048 }) });
/** ManagedLoginVersion: 1 (classic hosted UI) or 2 (managed login). */
export const managedLoginVersionSchema = optional(integer(1, 2));

const PREFIX = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The stored (lower-case) form of a domain; InvalidParameterException when it is not a valid prefix or host name. */
export function checkDomainName(domain: string, custom: boolean): string {
  const name = domain.toLowerCase();
  if (!custom) {
    if (!PREFIX.test(name)) throw fail('InvalidParameterException', `Domain ${domain} is not a valid prefix: lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen.`);
    // Cognito reserves these words in prefix domains.
    if (/aws|amazon|cognito/.test(name)) throw fail('InvalidParameterException', `Domain ${domain} contains a reserved word (aws, amazon or cognito).`);
    return name;
  }
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) throw fail('InvalidParameterException', `Domain ${domain} is not a valid custom domain: a fully qualified host name such as auth.example.com.`);
  return name;
}
