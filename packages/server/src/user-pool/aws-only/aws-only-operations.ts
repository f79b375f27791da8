// Operations that only mean something inside AWS: they answer UnsupportedOperationException with
// the reason, so a script that calls them learns why instead of getting UnknownOperationException.
// docs/server.md's operations table lists them as "not applicable" with the same reasons (a test
// keeps the two in step).
import { fail } from '../../errors/catalogue.js';
import { defineOperation, type Operation } from '../operations/operation.js';
import { object } from '../wire/input-schema.js';

const REPLICAS = 'Cross-region user pool replicas need AWS regions; this server is one deployment.';
const LOG_DELIVERY = 'Log delivery goes to CloudWatch, S3 or Firehose, which this server does not have; read its own logs instead.';
const PROVISIONED_LIMITS = 'Provisioned request limits are an AWS account quota; this server has CLIENT_REQUEST_LIMIT instead.';
const RISK = "Threat protection's risk scores come from AWS's models, which this server does not have; it has lockouts and request limits instead.";

/** Why each AWS-only operation does not apply here. */
export const awsOnlyReasons: Readonly<Record<string, string>> = {
  CreateUserPoolReplica: REPLICAS,
  DeleteUserPoolReplica: REPLICAS,
  ListUserPoolReplicas: REPLICAS,
  UpdateUserPoolReplica: REPLICAS,
  GetLogDeliveryConfiguration: LOG_DELIVERY,
  SetLogDeliveryConfiguration: LOG_DELIVERY,
  GetProvisionedLimit: PROVISIONED_LIMITS,
  UpdateProvisionedLimit: PROVISIONED_LIMITS,
  DescribeRiskConfiguration: RISK,
  SetRiskConfiguration: RISK,
  UpdateAuthEventFeedback: RISK,
  AdminUpdateAuthEventFeedback: RISK,
};

// Any members are accepted (unknown ones are ignored): the answer is the same whatever the request says.
const anything = object({});

// Cognito's unsigned operation among them (the SDK sends it without credentials).
const PUBLIC: ReadonlySet<string> = new Set(['UpdateAuthEventFeedback']);

/** One operation per AWS-only name, answering UnsupportedOperationException with its reason (admin credential required, as on Cognito, except the public one). */
export const awsOnlyOperations: readonly Operation[] = Object.entries(awsOnlyReasons).map(([name, reason]) =>
  defineOperation(name, anything, { access: PUBLIC.has(name) ? 'public' : 'admin' })
    .do('refuse', () => {
      throw fail('UnsupportedOperationException', `${name} is not applicable on Steward: ${reason}`);
    })
    .respond(() => ({})),
);
