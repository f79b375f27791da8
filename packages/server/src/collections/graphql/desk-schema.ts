// The collector's desk in the data API (issue 22): workQueue, collectors, accountWorkspace, and the
// mutations assignAccounts, recordCall, addAccountNote, setAccountDispute, setDoNotContact,
// scheduleFollowUp and completeFollowUp. Thin: staff only (client users get Unauthorized), the
// service does the work, its refusals become the API's typed errors.
import type { Caller } from '../../graphql/authorization/caller.js';
import { isSupervisor } from '../../graphql/authorization/caller.js';
import { DataApiError, notAuthorized } from '../../graphql/errors/data-api-errors.js';
import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLNullableType,
  type GraphQLResolveInfo,
} from '../../graphql/execution/graphql-js.js';
import type { DataApiContext } from '../../graphql/resolvers/data-api-context.js';
import { AWSDate, AWSDateTime, AWSJSON } from '../../graphql/schema/aws-scalars.js';
import type { SchemaExtension } from '../../graphql/schema/build-schema.js';
import { DeskError, type DeskActor } from '../desk-error.js';
import type { DeskService } from '../desk-service.js';
import type { RecordCallRequest } from '../calls/record-call.js';
import type { WorkQueueRequest } from '../queue/work-queue.js';
import { COLLECTIONS_PROMISE } from './promise-types.js';

const nonNull = <T extends GraphQLNullableType>(type: T) => ({ type: new GraphQLNonNull(type) });
const listOf = <T extends GraphQLNullableType>(type: T) => ({ type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))) });

/** The caller as the desk knows them, or Unauthorized for anyone but staff. */
function deskActor(caller: Caller, info: GraphQLResolveInfo): DeskActor {
  if (!caller.isStaff) throw notAuthorized(info.fieldName, info.parentType.name);
  return { sub: caller.sub, name: caller.username, supervisor: isSupervisor(caller), ...(caller.source !== undefined ? { source: caller.source } : {}) };
}

/** Runs a desk operation, turning its refusals into the API's typed errors (never an InternalFailure). */
async function typed<T>(info: GraphQLResolveInfo, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DeskError)) throw error;
    switch (error.code) {
      case 'NOT_AUTHORIZED':
        throw new DataApiError('Unauthorized', `Not Authorized to access ${info.fieldName} on type ${info.parentType.name}: ${error.message}`);
      case 'NOT_FOUND':
        throw new DataApiError('ConditionalCheckFailedException', error.message);
      case 'CONTACT_NOT_ALLOWED':
        throw new DataApiError('ContactNotAllowedException', error.message, error.info);
      default:
        throw new DataApiError('BadRequestException', error.message);
    }
  }
}

const WORKSPACE_ACCOUNT = new GraphQLObjectType({
  name: 'WorkspaceAccount',
  description: 'An account as the collector sees it: balances in integer cents, aging, dispute and assignment.',
  fields: {
    id: nonNull(GraphQLID),
    clientNumber: { type: GraphQLString },
    clientName: { type: GraphQLString },
    fileNumber: { type: GraphQLString },
    accountStatus: { type: GraphQLString },
    originalCents: nonNull(GraphQLInt),
    paidCents: nonNull(GraphQLInt),
    balanceCents: nonNull(GraphQLInt),
    delinquencyDate: { type: AWSDate },
    daysPastDue: nonNull(GraphQLInt),
    agingBucket: nonNull(GraphQLString),
    disputed: nonNull(GraphQLBoolean),
    assignedTo: { type: GraphQLString },
    assignedToName: { type: GraphQLString },
    lastContactAt: { type: AWSDateTime },
    _version: nonNull(GraphQLInt),
  },
});

const WORKSPACE_DEBTOR = new GraphQLObjectType({
  name: 'WorkspaceDebtor',
  description: "A debtor of the account with the location the contact rules resolve, the account's contact history and the server's verdict on calling now.",
  fields: {
    id: nonNull(GraphQLID),
    seq: { type: GraphQLInt },
    firstName: { type: GraphQLString },
    lastName: { type: GraphQLString },
    phone: { type: GraphQLString },
    email: { type: GraphQLString },
    streetAddress: { type: GraphQLString },
    city: { type: GraphQLString },
    state: { type: GraphQLString },
    zipCode: { type: GraphQLString },
    timeZone: { type: GraphQLString },
    doNotContact: { type: AWSJSON },
    location: nonNull(AWSJSON),
    callHistory: nonNull(AWSJSON),
    callableNow: nonNull(GraphQLBoolean),
    nextCallableAt: { type: AWSDateTime },
    refusals: nonNull(AWSJSON),
  },
});

const ACCOUNT_ACTIVITY = new GraphQLObjectType({
  name: 'AccountActivity',
  description: "One entry of the account's timeline.",
  fields: { id: nonNull(GraphQLID), kind: nonNull(GraphQLString), at: nonNull(AWSDateTime), actor: { type: GraphQLString }, actorName: { type: GraphQLString }, summary: { type: GraphQLString }, details: { type: AWSJSON } },
});

const LEDGER_ENTRY = new GraphQLObjectType({
  name: 'LedgerEntry',
  description: "A transaction of the account with the balance after it (oldest first, from the original balance).",
  fields: {
    id: nonNull(GraphQLID),
    date: { type: AWSDate },
    postedAt: { type: AWSDateTime },
    type: { type: GraphQLString },
    amountCents: nonNull(GraphQLInt),
    runningBalanceCents: nonNull(GraphQLInt),
    method: { type: GraphQLString },
    reference: { type: GraphQLString },
    reversalOf: { type: GraphQLID },
    reversedBy: { type: GraphQLID },
    reversalReason: { type: GraphQLString },
    postedBy: { type: GraphQLString },
    description: { type: GraphQLString },
  },
});

const FOLLOW_UP = new GraphQLObjectType({
  name: 'FollowUp',
  description: 'A task for a collector on an account.',
  fields: { id: nonNull(GraphQLID), accountId: nonNull(GraphQLID), assignedTo: { type: GraphQLString }, dueAt: nonNull(AWSDateTime), reason: nonNull(GraphQLString), note: { type: GraphQLString }, status: nonNull(GraphQLString), promiseId: { type: GraphQLID } },
});

const ACCOUNT_WORKSPACE = new GraphQLObjectType({
  name: 'AccountWorkspace',
  description: 'Everything about one account for the collector.',
  fields: {
    account: nonNull(WORKSPACE_ACCOUNT),
    debtors: listOf(WORKSPACE_DEBTOR),
    activity: listOf(ACCOUNT_ACTIVITY),
    ledger: listOf(LEDGER_ENTRY),
    promises: listOf(COLLECTIONS_PROMISE),
    followUps: listOf(FOLLOW_UP),
    contactRules: { ...nonNull(AWSJSON), description: 'The ContactRuleSet the engine applies (organization, state and client rules).' },
  },
});

const RECORD_CALL_RESULT = new GraphQLObjectType({
  name: 'RecordCallResult',
  fields: { activityId: nonNull(GraphQLID), duplicate: nonNull(GraphQLBoolean), account: nonNull(WORKSPACE_ACCOUNT) },
});

const RECORD_CALL_INPUT = new GraphQLInputObjectType({
  name: 'RecordCallInput',
  fields: {
    accountId: nonNull(GraphQLID),
    debtorId: nonNull(GraphQLID),
    outcome: { ...nonNull(GraphQLString), description: 'right_party, promise, refused, wrong_number, no_answer, left_message, dispute or cease_request.' },
    note: { type: GraphQLString },
    overrideReason: { type: GraphQLString, description: 'Supervisors only: make a call the rules forbid now; recorded as an override.' },
    clientReference: { ...nonNull(GraphQLString), description: 'The same reference twice records one call.' },
  },
});

const WORK_QUEUE_ITEM = new GraphQLObjectType({
  name: 'WorkQueueItem',
  fields: {
    accountId: nonNull(GraphQLID),
    clientNumber: { type: GraphQLString },
    clientName: { type: GraphQLString },
    fileNumber: { type: GraphQLString },
    accountStatus: { type: GraphQLString },
    debtorId: { type: GraphQLID },
    debtorName: { type: GraphQLString },
    debtorTimeZone: { type: GraphQLString },
    balanceCents: nonNull(GraphQLInt),
    daysPastDue: nonNull(GraphQLInt),
    agingBucket: nonNull(GraphQLString),
    tier: nonNull(GraphQLInt),
    reason: nonNull(GraphQLString),
    callableNow: nonNull(GraphQLBoolean),
    nextCallableAt: { type: AWSDateTime },
    callRefusal: { type: GraphQLString },
    lastContactAt: { type: AWSDateTime },
    promiseDueDate: { type: AWSDate },
    brokenPromiseAt: { type: AWSDateTime },
    followUpAt: { type: AWSDateTime },
    assignedTo: { type: GraphQLString },
  },
});

const WORK_QUEUE_PAGE = new GraphQLObjectType({
  name: 'WorkQueuePage',
  fields: { items: listOf(WORK_QUEUE_ITEM), nextToken: { type: GraphQLString }, total: nonNull(GraphQLInt) },
});

const COLLECTOR = new GraphQLObjectType({
  name: 'Collector',
  fields: { sub: nonNull(GraphQLString), username: nonNull(GraphQLString), name: { type: GraphQLString }, assigned: nonNull(GraphQLInt) },
});

type Args<T> = T & Record<string, unknown>;

/** The desk's fields of the schema, served by `service`. */
export function deskSchemaExtension(service: DeskService): SchemaExtension {
  return () => ({
    query: {
      workQueue: {
        type: new GraphQLNonNull(WORK_QUEUE_PAGE),
        description: "A collector's assigned open accounts in priority order (docs/server.md, \"Collector's desk\"); another collector's queue for supervisors only.",
        args: { collector: { type: GraphQLString }, clientNumber: { type: GraphQLString }, status: { type: GraphQLString }, agingBucket: { type: GraphQLString }, limit: { type: GraphQLInt }, nextToken: { type: GraphQLString } },
        resolve: (_root, args: Args<WorkQueueRequest>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.workQueue(actor, args));
        },
      },
      collectors: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(COLLECTOR))),
        description: 'Supervisors: the staff users with their assigned account counts.',
        resolve: (_root, _args, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.collectors(actor));
        },
      },
      accountWorkspace: {
        type: new GraphQLNonNull(ACCOUNT_WORKSPACE),
        description: 'The account with its debtors (callable now by the server), timeline, ledger, promises, open follow-ups and contact rules.',
        args: { accountId: nonNull(GraphQLID) },
        resolve: (_root, args: Args<{ accountId: string }>, ctx: DataApiContext, info) => {
          deskActor(ctx.caller, info);
          return typed(info, () => service.workspace(args.accountId));
        },
      },
    },
    mutation: {
      assignAccounts: {
        type: new GraphQLNonNull(GraphQLInt),
        description: 'Supervisors: assigns the accounts to a collector (null unassigns); returns how many changed.',
        args: { accountIds: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLID))) }, collector: { type: GraphQLString } },
        resolve: (_root, args: Args<{ accountIds: string[]; collector?: string | null }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.assignAccounts(actor, args.accountIds, args.collector ?? null));
        },
      },
      recordCall: {
        type: new GraphQLNonNull(RECORD_CALL_RESULT),
        description: 'Records a call and its outcome, if the contact rules allow it now (ContactNotAllowedException otherwise, unless a supervisor overrides).',
        args: { input: { type: new GraphQLNonNull(RECORD_CALL_INPUT) } },
        resolve: (_root, args: Args<{ input: RecordCallRequest }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.recordCall(actor, args.input));
        },
      },
      addAccountNote: {
        type: new GraphQLNonNull(ACCOUNT_ACTIVITY),
        args: { accountId: nonNull(GraphQLID), text: nonNull(GraphQLString) },
        resolve: (_root, args: Args<{ accountId: string; text: string }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.addNote(actor, args.accountId, args.text));
        },
      },
      setAccountDispute: {
        type: new GraphQLNonNull(WORKSPACE_ACCOUNT),
        description: 'Opens or resolves a dispute; while open the contact rules refuse collection contacts.',
        args: { accountId: nonNull(GraphQLID), disputed: nonNull(GraphQLBoolean), reason: nonNull(GraphQLString) },
        resolve: (_root, args: Args<{ accountId: string; disputed: boolean; reason: string }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.setDispute(actor, args.accountId, args.disputed, args.reason));
        },
      },
      setDoNotContact: {
        type: new GraphQLNonNull(WORKSPACE_DEBTOR),
        description: "Sets one of a debtor's do-not-contact flags (call, sms, email, letter or all), merged with the others on the server.",
        args: { debtorId: nonNull(GraphQLID), channel: nonNull(GraphQLString), doNotContact: nonNull(GraphQLBoolean), reason: { type: GraphQLString } },
        resolve: (_root, args: Args<{ debtorId: string; channel: string; doNotContact: boolean; reason?: string | null }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.setDoNotContact(actor, args.debtorId, args.channel, args.doNotContact, args.reason));
        },
      },
      scheduleFollowUp: {
        type: new GraphQLNonNull(FOLLOW_UP),
        args: { accountId: nonNull(GraphQLID), dueAt: nonNull(AWSDateTime), note: { type: GraphQLString } },
        resolve: (_root, args: Args<{ accountId: string; dueAt: string; note?: string | null }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.scheduleFollowUp(actor, args.accountId, args.dueAt, args.note));
        },
      },
      completeFollowUp: {
        type: new GraphQLNonNull(FOLLOW_UP),
        args: { id: nonNull(GraphQLID), note: { type: GraphQLString } },
        resolve: (_root, args: Args<{ id: string; note?: string | null }>, ctx: DataApiContext, info) => {
          const actor = deskActor(ctx.caller, info);
          return typed(info, () => service.completeFollowUp(actor, args.id, args.note));
        },
      },
    },
  });
}
