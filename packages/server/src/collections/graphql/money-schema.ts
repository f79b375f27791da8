// The collector's desk money operations of the data API (issue 22): promises (previewPromiseSchedule,
// takePromise, cancelPromise), payments (postPayment, reversePayment) and the collectionsDashboard.
// Thin: authorize, call the service, turn its refusals into the API's typed errors. Money is Int cents.
// The promise types live in promise-types.ts, shared with the account workspace (one type per name).
import { isSupervisor, type Caller } from '../../graphql/authorization/caller.js';
import { decideAccess, type Operation } from '../../graphql/authorization/access-policy.js';
import { DataApiError, notAuthorized } from '../../graphql/errors/data-api-errors.js';
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLResolveInfo,
} from '../../graphql/execution/graphql-js.js';
import type { DataApiContext } from '../../graphql/resolvers/data-api-context.js';
import { AWSDate } from '../../graphql/schema/aws-scalars.js';
import type { SchemaExtension } from '../../graphql/schema/build-schema.js';
import type { DashboardScope, DashboardService } from '../dashboard/dashboard-service.js';
import { MoneyOperationError } from '../payments/money-error.js';
import { COLLECTIONS_PROMISE, PROMISE_INSTALLMENT } from './promise-types.js';
import type { PaymentService, PostPaymentInput, ReversePaymentInput } from '../payments/payment-service.js';
import type { Actor } from '../promises/promise-evaluation.js';
import type { PromiseScheduleInput, PromiseService, TakePromiseInput } from '../promises/promise-service.js';

/** The services behind the money operations. */
export interface MoneyServices {
  readonly payments: PaymentService;
  readonly promises: PromiseService;
  readonly dashboard: DashboardService;
  /** Recomputes the dashboard's totals from the base tables; returns their row count. */
  readonly rebuildDashboardTotals: () => Promise<number>;
}

/** Only callers with full access to the entity (staff, Admins) may use a money operation. */
function authorize(ctx: DataApiContext, entityName: string, operation: Operation, info: GraphQLResolveInfo): void {
  if (decideAccess(ctx.store.entity(entityName), operation, ctx.caller).kind !== 'all') throw notAuthorized(info.fieldName, info.parentType.name);
}

/** Who the caller is, for the records' takenBy/postedBy and the timeline. */
function actorOf(caller: Caller): Actor {
  return { sub: caller.sub, name: caller.username === '' ? null : caller.username, ...(caller.source !== undefined ? { source: caller.source } : {}) };
}

/** The service's refusals as the API's typed errors; errorInfo.code names the refusal. */
async function typed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MoneyOperationError)) throw error;
    throw new DataApiError(error.isConflict ? 'ConditionalCheckFailedException' : 'BadRequestException', error.message, { code: error.code, ...error.detail });
  }
}

const int = { type: new GraphQLNonNull(GraphQLInt) };
const float = { type: new GraphQLNonNull(GraphQLFloat) };
const str = { type: new GraphQLNonNull(GraphQLString) };
const list = <T extends GraphQLObjectType>(type: T) => ({ type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))) });

const ACCOUNT_BALANCES = new GraphQLObjectType({
  name: 'AccountBalances',
  description: "An account's balances in integer cents after a posting, with the account record's _version.",
  fields: { accountId: { type: new GraphQLNonNull(GraphQLID) }, originalCents: int, paidCents: int, balanceCents: int, _version: int },
});

const PAYMENT_POSTING = new GraphQLObjectType({
  name: 'PaymentPosting',
  description: 'What a posting or reversal did: its transaction (or, duplicate: true, the one first posted with the same clientReference), the balances and the promises after it.',
  fields: { transactionId: { type: new GraphQLNonNull(GraphQLID) }, duplicate: { type: new GraphQLNonNull(GraphQLBoolean) }, account: { type: new GraphQLNonNull(ACCOUNT_BALANCES) }, promises: list(COLLECTIONS_PROMISE) },
});

const INSTALLMENT_INPUT = new GraphQLInputObjectType({
  name: 'PromiseInstallmentInput',
  fields: { dueDate: { type: new GraphQLNonNull(AWSDate) }, amountCents: { type: new GraphQLNonNull(GraphQLInt) } },
});

const SCHEDULE_INPUT = new GraphQLInputObjectType({
  name: 'PromiseScheduleInput',
  description: 'kind single (amountCents, dueDate), installments (installments, or totalCents + count + firstDueDate + every) or recurring (amountCents, firstDueDate, every, count); every is weekly, biweekly or monthly.',
  fields: {
    kind: { type: new GraphQLNonNull(GraphQLString) },
    amountCents: { type: GraphQLInt },
    dueDate: { type: AWSDate },
    installments: { type: new GraphQLList(new GraphQLNonNull(INSTALLMENT_INPUT)) },
    totalCents: { type: GraphQLInt },
    count: { type: GraphQLInt },
    firstDueDate: { type: AWSDate },
    every: { type: GraphQLString },
  },
});

const TAKE_PROMISE_INPUT = new GraphQLInputObjectType({
  name: 'TakePromiseInput',
  fields: {
    accountId: { type: new GraphQLNonNull(GraphQLID) },
    debtorId: { type: GraphQLID },
    schedule: { type: new GraphQLNonNull(SCHEDULE_INPUT) },
    graceDays: { type: GraphQLInt },
    note: { type: GraphQLString },
    clientReference: { type: new GraphQLNonNull(GraphQLString) },
  },
});

const POST_PAYMENT_INPUT = new GraphQLInputObjectType({
  name: 'PostPaymentInput',
  fields: {
    accountId: { type: new GraphQLNonNull(GraphQLID) },
    amountCents: { type: new GraphQLNonNull(GraphQLInt) },
    paymentDate: { type: new GraphQLNonNull(AWSDate) },
    method: { type: new GraphQLNonNull(GraphQLString) },
    clientReference: { type: new GraphQLNonNull(GraphQLString) },
    note: { type: GraphQLString },
  },
});

const REVERSE_PAYMENT_INPUT = new GraphQLInputObjectType({
  name: 'ReversePaymentInput',
  fields: {
    transactionId: { type: new GraphQLNonNull(GraphQLID) },
    reason: { type: new GraphQLNonNull(GraphQLString) },
    note: { type: GraphQLString },
    clientReference: { type: new GraphQLNonNull(GraphQLString) },
  },
});

const DASHBOARD = new GraphQLObjectType({
  name: 'CollectionsDashboard',
  description: 'The portfolio at a glance over the accounts the caller may see. Cent sums are Float holding whole cents (exact up to 2^53).',
  fields: {
    collectionsByDay: list(new GraphQLObjectType({ name: 'DashboardDayCollections', fields: { date: { type: new GraphQLNonNull(AWSDate) }, cents: float, previousCents: float } })),
    collectionsByMonth: list(new GraphQLObjectType({ name: 'DashboardMonthCollections', fields: { month: str, cents: float, previousCents: float } })),
    liquidationByClient: list(
      new GraphQLObjectType({
        name: 'DashboardClientLiquidation',
        fields: { clientNumber: { type: GraphQLString }, clientName: { type: GraphQLString }, placedCents: float, collectedCents: float, rate: { type: GraphQLFloat } },
      }),
    ),
    promises: {
      type: new GraphQLNonNull(
        new GraphQLObjectType({
          name: 'DashboardPromises',
          fields: { dueCount: int, keptCount: int, brokenCount: int, pendingCount: int, dueCents: float, keptCents: float, brokenCents: float },
        }),
      ),
    },
    contactsByOutcome: list(new GraphQLObjectType({ name: 'DashboardContactOutcome', fields: { date: { type: new GraphQLNonNull(AWSDate) }, outcome: str, count: int } })),
    agingBuckets: list(new GraphQLObjectType({ name: 'DashboardAgingBucket', fields: { bucket: str, accounts: int, balanceCents: float } })),
  },
});

/** The accounts a caller's dashboard covers; NotAuthorized for a caller who is neither staff nor a client user. */
export function dashboardScope(caller: Caller, clientNumber: string | null | undefined, info: GraphQLResolveInfo): DashboardScope {
  const asked = clientNumber === undefined || clientNumber === null || clientNumber === '' ? null : clientNumber;
  if (caller.isAdmin || (caller.isStaff && isSupervisor(caller))) return { kind: 'all', clientNumber: asked };
  if (caller.isStaff) return { kind: 'assigned', collector: caller.sub, clientNumber: asked };
  // A client user sees their own client whatever they ask for.
  if (caller.clientNumber !== null) return { kind: 'client', clientNumber: caller.clientNumber };
  throw notAuthorized(info.fieldName, info.parentType.name);
}

/** The money fields of the schema, served by `services`. */
export function moneySchemaExtension(services: MoneyServices): SchemaExtension {
  return () => ({
    query: {
      previewPromiseSchedule: {
        type: list(PROMISE_INSTALLMENT).type,
        description: "The installments a schedule would make for the account's debtor (their zone and today), with lastKeepDate; nothing is stored.",
        args: { accountId: { type: new GraphQLNonNull(GraphQLID) }, debtorId: { type: GraphQLID }, schedule: { type: new GraphQLNonNull(SCHEDULE_INPUT) }, graceDays: { type: GraphQLInt } },
        resolve: (_root, args: { accountId: string; debtorId?: string | null; schedule: PromiseScheduleInput; graceDays?: number | null }, ctx: DataApiContext, info) => {
          authorize(ctx, 'AccountMdl', 'update', info);
          return typed(() => services.promises.preview(args.accountId, args.debtorId, args.schedule, args.graceDays));
        },
      },
      collectionsDashboard: {
        type: new GraphQLNonNull(DASHBOARD),
        description: 'Collections per day and month against the previous period, liquidation by client, promises due in the range by state, contacts by outcome per day and balances by aging bucket; role-aware.',
        args: { from: { type: new GraphQLNonNull(AWSDate) }, to: { type: new GraphQLNonNull(AWSDate) }, clientNumber: { type: GraphQLString } },
        resolve: (_root, args: { from: string; to: string; clientNumber?: string | null }, ctx: DataApiContext, info) => {
          const scope = dashboardScope(ctx.caller, args.clientNumber, info);
          return typed(() => services.dashboard.dashboard(scope, args.from, args.to));
        },
      },
    },
    mutation: {
      rebuildCollectionsDashboard: {
        type: new GraphQLNonNull(GraphQLInt),
        description: "Admins only: recomputes the collections dashboard's pre-computed totals from the accounts, transactions, promises and contact attempts (writes to them wait meanwhile); returns the number of total rows.",
        resolve: (_root, _args, ctx: DataApiContext, info) => {
          if (!ctx.caller.isAdmin) throw notAuthorized(info.fieldName, info.parentType.name);
          return services.rebuildDashboardTotals();
        },
      },
      takePromise: {
        type: new GraphQLNonNull(COLLECTIONS_PROMISE),
        description: 'Takes a promise to pay (idempotent by clientReference; graceDays default 3) and schedules its broken-promise checks; replaces the account\'s active promise.',
        args: { input: { type: new GraphQLNonNull(TAKE_PROMISE_INPUT) } },
        resolve: async (_root, args: { input: TakePromiseInput }, ctx: DataApiContext, info) => {
          authorize(ctx, 'AccountMdl', 'update', info);
          return (await typed(() => services.promises.take(actorOf(ctx.caller), args.input))).promise;
        },
      },
      cancelPromise: {
        type: new GraphQLNonNull(COLLECTIONS_PROMISE),
        description: 'Cancels an active or broken promise with a reason (its unkept installments turn cancelled, its checks are cancelled).',
        args: { id: { type: new GraphQLNonNull(GraphQLID) }, reason: { type: new GraphQLNonNull(GraphQLString) } },
        resolve: (_root, args: { id: string; reason: string }, ctx: DataApiContext, info) => {
          authorize(ctx, 'AccountMdl', 'update', info);
          return typed(() => services.promises.cancel(actorOf(ctx.caller), args.id, args.reason));
        },
      },
      postPayment: {
        type: new GraphQLNonNull(PAYMENT_POSTING),
        description: 'Posts a payment in one database transaction: the transaction row, the balances, the promises, the timeline. A repeated clientReference posts nothing and returns the first posting (duplicate: true).',
        args: { input: { type: new GraphQLNonNull(POST_PAYMENT_INPUT) } },
        resolve: (_root, args: { input: PostPaymentInput }, ctx: DataApiContext, info) => {
          authorize(ctx, 'TransactionMdl', 'create', info);
          return typed(() => services.payments.postPayment(actorOf(ctx.caller), args.input));
        },
      },
      reversePayment: {
        type: new GraphQLNonNull(PAYMENT_POSTING),
        description: 'Reverses one payment exactly, once, with a reason (returned_payment, chargeback, posting_error, other); re-opens the promises it kept. Idempotent by clientReference.',
        args: { input: { type: new GraphQLNonNull(REVERSE_PAYMENT_INPUT) } },
        resolve: (_root, args: { input: ReversePaymentInput }, ctx: DataApiContext, info) => {
          authorize(ctx, 'TransactionMdl', 'create', info);
          return typed(() => services.payments.reversePayment(actorOf(ctx.caller), args.input));
        },
      },
    },
  });
}
