// The data API's collector's-desk operations (issue 22): the work queue, the account workspace,
// calls, notes, disputes, do-not-contact, follow-ups, promises, payments and the portfolio
// dashboard. Money is integer cents (`...Cents`, GraphQL Int) for every per-record amount; the
// dashboard's sums are Floats holding whole cents. Refusals arrive as DataApiRequestError; a call
// the contact rules forbid is a ContactNotAllowedError carrying the reasons and when it is allowed.
import { DataApiRequestError } from '../errors/data-client-errors.js';
import type { GraphqlTransport } from '../graphql/graphql-transport.js';

/** Integer cents. */
export type Cents = number;

/** One row of a collector's work queue, in priority order. */
export interface WorkQueueItem {
  readonly accountId: string;
  readonly clientNumber: string | null;
  readonly clientName: string | null;
  readonly fileNumber: string | null;
  readonly accountStatus: string | null;
  readonly debtorId: string | null;
  readonly debtorName: string | null;
  readonly debtorTimeZone: string | null;
  readonly balanceCents: Cents;
  readonly daysPastDue: number;
  readonly agingBucket: string;
  readonly tier: number;
  readonly reason: string;
  readonly callableNow: boolean;
  readonly nextCallableAt: string | null;
  readonly callRefusal: string | null;
  readonly lastContactAt: string | null;
  readonly promiseDueDate: string | null;
  readonly brokenPromiseAt: string | null;
  readonly followUpAt: string | null;
  readonly assignedTo: string | null;
}

/** A page of the work queue. */
export interface WorkQueuePage {
  readonly items: readonly WorkQueueItem[];
  readonly nextToken: string | null;
  readonly total: number;
}

/** The queue's filters; `collector` (a pool sub) defaults to the caller and needs a supervisor otherwise. */
export interface WorkQueueQuery {
  readonly collector?: string | null;
  readonly clientNumber?: string | null;
  readonly status?: string | null;
  readonly agingBucket?: string | null;
  readonly limit?: number | null;
  readonly nextToken?: string | null;
}

/** A staff user a supervisor can assign accounts to. */
export interface Collector {
  readonly sub: string;
  readonly username: string;
  readonly name: string | null;
  readonly assigned: number;
}

/** The account as the workspace shows it. */
export interface WorkspaceAccount {
  readonly id: string;
  readonly clientNumber: string | null;
  readonly clientName: string | null;
  readonly fileNumber: string | null;
  readonly accountStatus: string | null;
  readonly originalCents: Cents;
  readonly paidCents: Cents;
  readonly balanceCents: Cents;
  readonly delinquencyDate: string | null;
  readonly daysPastDue: number;
  readonly agingBucket: string;
  readonly disputed: boolean;
  readonly assignedTo: string | null;
  readonly assignedToName: string | null;
  readonly lastContactAt: string | null;
  readonly _version: number;
}

/** A debtor of the account, with what the contact rules need to decide "callable now" in the browser. */
export interface WorkspaceDebtor {
  readonly id: string;
  readonly seq: number | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly streetAddress: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zipCode: string | null;
  readonly timeZone: string | null;
  /** Parsed AWSJSON: the do-not-contact flags as stored (`{"channels": [...]}` or a boolean). */
  readonly doNotContact: unknown;
  /** Parsed AWSJSON: the resolved ContactLocation. */
  readonly location: unknown;
  /** Parsed AWSJSON: the call history the rules count. */
  readonly callHistory: unknown;
  readonly callableNow: boolean;
  readonly nextCallableAt: string | null;
  /** Parsed AWSJSON: the reasons a call is refused now ([{code, message}]). */
  readonly refusals: unknown;
}

/** One entry of the account's timeline. */
export interface AccountActivity {
  readonly id: string;
  readonly kind: string;
  readonly at: string;
  readonly actor: string | null;
  readonly actorName: string | null;
  readonly summary: string | null;
  /** Parsed AWSJSON. */
  readonly details: unknown;
}

/** One ledger row with the balance after it. */
export interface LedgerEntry {
  readonly id: string;
  readonly date: string | null;
  readonly postedAt: string | null;
  readonly type: string | null;
  readonly amountCents: Cents;
  readonly runningBalanceCents: Cents;
  readonly method: string | null;
  readonly reference: string | null;
  readonly reversalOf: string | null;
  readonly reversedBy: string | null;
  readonly reversalReason: string | null;
  readonly postedBy: string | null;
  readonly description: string | null;
}

/** One installment of a promise with its state. */
export interface PromiseInstallment {
  readonly seq: number;
  readonly dueDate: string;
  readonly amountCents: Cents;
  readonly paidCents: Cents;
  readonly state: string;
  readonly lastKeepDate: string;
}

/** A promise to pay. */
export interface CollectionsPromise {
  readonly id: string;
  readonly accountId: string;
  readonly debtorId: string | null;
  readonly kind: string;
  readonly totalCents: Cents;
  readonly graceDays: number;
  readonly timeZone: string;
  readonly status: string;
  readonly nextDueDate: string | null;
  readonly installments: readonly PromiseInstallment[];
  readonly takenBy: string | null;
  readonly takenByName: string | null;
  readonly takenAt: string;
  readonly brokenAt: string | null;
  readonly cancelledAt: string | null;
  readonly cancelReason: string | null;
}

/** A follow-up task. */
export interface FollowUp {
  readonly id: string;
  readonly accountId: string;
  readonly assignedTo: string | null;
  readonly dueAt: string;
  readonly reason: string;
  readonly note: string | null;
  readonly status: string;
  readonly promiseId: string | null;
}

/** Everything the account workspace shows. */
export interface AccountWorkspace {
  readonly account: WorkspaceAccount;
  readonly debtors: readonly WorkspaceDebtor[];
  readonly activity: readonly AccountActivity[];
  readonly ledger: readonly LedgerEntry[];
  readonly promises: readonly CollectionsPromise[];
  readonly followUps: readonly FollowUp[];
  /** Parsed AWSJSON: the ContactRuleSet the engine applies to this account. */
  readonly contactRules: unknown;
}

/** A promise's schedule as sent: one of the shapes of @steward/collections' PromiseScheduleRequest. */
export interface PromiseScheduleInput {
  readonly kind: 'single' | 'installments' | 'recurring';
  readonly amountCents?: Cents;
  readonly dueDate?: string;
  readonly installments?: readonly { readonly dueDate: string; readonly amountCents: Cents }[];
  readonly totalCents?: Cents;
  readonly count?: number;
  readonly firstDueDate?: string;
  readonly every?: 'weekly' | 'biweekly' | 'monthly';
}

/** takePromise's input; `clientReference` makes a repeated submit take the promise once. */
export interface TakePromiseInput {
  readonly accountId: string;
  readonly debtorId?: string | null;
  readonly schedule: PromiseScheduleInput;
  readonly graceDays?: number | null;
  readonly note?: string | null;
  readonly clientReference: string;
}

/** postPayment's input; `clientReference` makes a repeated submit post once. */
export interface PostPaymentInput {
  readonly accountId: string;
  readonly amountCents: Cents;
  readonly paymentDate: string;
  readonly method: string;
  readonly clientReference: string;
  readonly note?: string | null;
}

/** reversePayment's input. */
export interface ReversePaymentInput {
  readonly transactionId: string;
  readonly reason: string;
  readonly note?: string | null;
  readonly clientReference: string;
}

/** An account's balances after a posting. */
export interface AccountBalances {
  readonly accountId: string;
  readonly originalCents: Cents;
  readonly paidCents: Cents;
  readonly balanceCents: Cents;
  readonly _version: number;
}

/** What postPayment and reversePayment did. */
export interface PaymentPosting {
  readonly transactionId: string;
  /** True when the client reference had been posted before: nothing new was written. */
  readonly duplicate: boolean;
  readonly account: AccountBalances;
  readonly promises: readonly CollectionsPromise[];
}

/** recordCall's input; a supervisor may set `overrideReason` to record a call the rules refuse. */
export interface RecordCallInput {
  readonly accountId: string;
  readonly debtorId: string;
  readonly outcome: string;
  readonly note?: string | null;
  readonly overrideReason?: string | null;
  readonly clientReference: string;
}

/** What recordCall did. */
export interface RecordCallResult {
  readonly activityId: string;
  readonly duplicate: boolean;
  readonly account: WorkspaceAccount;
}

/** The portfolio dashboard (sums as whole cents in a Float). */
export interface CollectionsDashboard {
  readonly collectionsByDay: readonly { readonly date: string; readonly cents: number; readonly previousCents: number }[];
  readonly collectionsByMonth: readonly { readonly month: string; readonly cents: number; readonly previousCents: number }[];
  readonly liquidationByClient: readonly { readonly clientNumber: string; readonly clientName: string | null; readonly placedCents: number; readonly collectedCents: number; readonly rate: number | null }[];
  readonly promises: {
    readonly dueCount: number;
    readonly keptCount: number;
    readonly brokenCount: number;
    readonly pendingCount: number;
    readonly dueCents: number;
    readonly keptCents: number;
    readonly brokenCents: number;
  };
  readonly contactsByOutcome: readonly { readonly date: string; readonly outcome: string; readonly count: number }[];
  readonly agingBuckets: readonly { readonly bucket: string; readonly accounts: number; readonly balanceCents: number }[];
}

/** One reason the contact rules refuse a call. */
export interface ContactRefusalReason {
  readonly code: string;
  readonly message: string;
}

/**
 * recordCall refused by the contact rules (ContactNotAllowedException): `reasons` say why, and
 * `nextAllowedAt` (ISO instant, or null when no later time is allowed) when a call becomes lawful.
 */
export class ContactNotAllowedError extends DataApiRequestError {
  readonly reasons: readonly ContactRefusalReason[];
  readonly nextAllowedAt: string | null;
  constructor(source: DataApiRequestError) {
    super(source.status, source.errors, source.data);
    const info = source.errors.find((e) => e.errorType === 'ContactNotAllowedException')?.errorInfo ?? {};
    this.reasons = reasonsOf(info.reasons);
    this.nextAllowedAt = typeof info.nextAllowedAt === 'string' ? info.nextAllowedAt : null;
  }
}

function reasonsOf(value: unknown): ContactRefusalReason[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    if (typeof v !== 'object' || v === null) return [];
    const { code, message } = v as Record<string, unknown>;
    return typeof message === 'string' ? [{ code: typeof code === 'string' ? code : 'UNKNOWN', message }] : [];
  });
}

/** Turns a ContactNotAllowedException into a ContactNotAllowedError; anything else is returned as is. */
export function collectionsError(error: unknown): unknown {
  if (error instanceof DataApiRequestError && !(error instanceof ContactNotAllowedError) && error.errors.some((e) => e.errorType === 'ContactNotAllowedException')) {
    return new ContactNotAllowedError(error);
  }
  return error;
}

/** The collector's-desk operations of the data API. */
export interface CollectionsOperations {
  /** A collector's queue in priority order (the caller's unless a supervisor names another collector). */
  workQueue(query?: WorkQueueQuery): Promise<WorkQueuePage>;
  /** Staff users with their assigned counts (supervisors). */
  collectors(): Promise<Collector[]>;
  /** Assigns accounts to a collector (null unassigns); the number of rows changed. */
  assignAccounts(accountIds: readonly string[], collector: string | null): Promise<number>;
  /** Everything about one account. */
  accountWorkspace(accountId: string): Promise<AccountWorkspace>;
  /** Records a call and its outcome; a call the rules refuse throws ContactNotAllowedError. */
  recordCall(input: RecordCallInput): Promise<RecordCallResult>;
  /** Appends a note to the account's timeline. */
  addAccountNote(accountId: string, text: string): Promise<AccountActivity>;
  /** Opens or resolves a dispute. */
  setAccountDispute(accountId: string, disputed: boolean, reason: string): Promise<WorkspaceAccount>;
  /** Sets or clears do-not-contact for one channel (call, sms, email, letter or all). */
  setDoNotContact(input: { readonly debtorId: string; readonly channel: string; readonly doNotContact: boolean; readonly reason?: string | null }): Promise<WorkspaceDebtor>;
  /** Schedules a follow-up. */
  scheduleFollowUp(input: { readonly accountId: string; readonly dueAt: string; readonly note?: string | null }): Promise<FollowUp>;
  /** Completes a follow-up. */
  completeFollowUp(id: string, note?: string | null): Promise<FollowUp>;
  /** The installments a schedule would make, checked by the server's rules. */
  previewPromiseSchedule(input: { readonly accountId: string; readonly debtorId?: string | null; readonly schedule: PromiseScheduleInput }): Promise<PromiseInstallment[]>;
  /** Takes a promise (once per client reference). */
  takePromise(input: TakePromiseInput): Promise<CollectionsPromise>;
  /** Cancels a promise. */
  cancelPromise(id: string, reason: string): Promise<CollectionsPromise>;
  /** Posts a payment (once per client reference). */
  postPayment(input: PostPaymentInput): Promise<PaymentPosting>;
  /** Reverses exactly one payment. */
  reversePayment(input: ReversePaymentInput): Promise<PaymentPosting>;
  /** The portfolio dashboard over [from, to] (role-aware on the server). */
  collectionsDashboard(input: { readonly from: string; readonly to: string; readonly clientNumber?: string | null }): Promise<CollectionsDashboard>;
}

const QUEUE_ITEM =
  'accountId clientNumber clientName fileNumber accountStatus debtorId debtorName debtorTimeZone balanceCents daysPastDue agingBucket tier reason callableNow nextCallableAt callRefusal lastContactAt promiseDueDate brokenPromiseAt followUpAt assignedTo';
const ACCOUNT =
  'id clientNumber clientName fileNumber accountStatus originalCents paidCents balanceCents delinquencyDate daysPastDue agingBucket disputed assignedTo assignedToName lastContactAt _version';
const DEBTOR =
  'id seq firstName lastName phone email streetAddress city state zipCode timeZone doNotContact location callHistory callableNow nextCallableAt refusals';
const ACTIVITY = 'id kind at actor actorName summary details';
const LEDGER = 'id date postedAt type amountCents runningBalanceCents method reference reversalOf reversedBy reversalReason postedBy description';
const INSTALLMENT = 'seq dueDate amountCents paidCents state lastKeepDate';
const PROMISE = `id accountId debtorId kind totalCents graceDays timeZone status nextDueDate installments { ${INSTALLMENT} } takenBy takenByName takenAt brokenAt cancelledAt cancelReason`;
const FOLLOW_UP = 'id accountId assignedTo dueAt reason note status promiseId';
const POSTING = `transactionId duplicate account { accountId originalCents paidCents balanceCents _version } promises { ${PROMISE} }`;

/** The GraphQL documents, exported so tests and tools can see exactly what is sent. */
export const collectionsDocuments = {
  workQueue: `query WorkQueue($collector: String, $clientNumber: String, $status: String, $agingBucket: String, $limit: Int, $nextToken: String) { workQueue(collector: $collector, clientNumber: $clientNumber, status: $status, agingBucket: $agingBucket, limit: $limit, nextToken: $nextToken) { items { ${QUEUE_ITEM} } nextToken total } }`,
  collectors: 'query Collectors { collectors { sub username name assigned } }',
  assignAccounts: 'mutation AssignAccounts($accountIds: [ID!]!, $collector: String) { assignAccounts(accountIds: $accountIds, collector: $collector) }',
  accountWorkspace: `query AccountWorkspace($accountId: ID!) { accountWorkspace(accountId: $accountId) { account { ${ACCOUNT} } debtors { ${DEBTOR} } activity { ${ACTIVITY} } ledger { ${LEDGER} } promises { ${PROMISE} } followUps { ${FOLLOW_UP} } contactRules } }`,
  recordCall: `mutation RecordCall($input: RecordCallInput!) { recordCall(input: $input) { activityId duplicate account { ${ACCOUNT} } } }`,
  addAccountNote: `mutation AddAccountNote($accountId: ID!, $text: String!) { addAccountNote(accountId: $accountId, text: $text) { ${ACTIVITY} } }`,
  setAccountDispute: `mutation SetAccountDispute($accountId: ID!, $disputed: Boolean!, $reason: String!) { setAccountDispute(accountId: $accountId, disputed: $disputed, reason: $reason) { ${ACCOUNT} } }`,
  setDoNotContact: `mutation SetDoNotContact($debtorId: ID!, $channel: String!, $doNotContact: Boolean!, $reason: String) { setDoNotContact(debtorId: $debtorId, channel: $channel, doNotContact: $doNotContact, reason: $reason) { ${DEBTOR} } }`,
  scheduleFollowUp: `mutation ScheduleFollowUp($accountId: ID!, $dueAt: AWSDateTime!, $note: String) { scheduleFollowUp(accountId: $accountId, dueAt: $dueAt, note: $note) { ${FOLLOW_UP} } }`,
  completeFollowUp: `mutation CompleteFollowUp($id: ID!, $note: String) { completeFollowUp(id: $id, note: $note) { ${FOLLOW_UP} } }`,
  previewPromiseSchedule: `query PreviewPromiseSchedule($accountId: ID!, $debtorId: ID, $schedule: PromiseScheduleInput!) { previewPromiseSchedule(accountId: $accountId, debtorId: $debtorId, schedule: $schedule) { ${INSTALLMENT} } }`,
  takePromise: `mutation TakePromise($input: TakePromiseInput!) { takePromise(input: $input) { ${PROMISE} } }`,
  cancelPromise: `mutation CancelPromise($id: ID!, $reason: String!) { cancelPromise(id: $id, reason: $reason) { ${PROMISE} } }`,
  postPayment: `mutation PostPayment($input: PostPaymentInput!) { postPayment(input: $input) { ${POSTING} } }`,
  reversePayment: `mutation ReversePayment($input: ReversePaymentInput!) { reversePayment(input: $input) { ${POSTING} } }`,
  collectionsDashboard:
    'query CollectionsDashboard($from: AWSDate!, $to: AWSDate!, $clientNumber: String) { collectionsDashboard(from: $from, to: $to, clientNumber: $clientNumber) { collectionsByDay { date cents previousCents } collectionsByMonth { month cents previousCents } liquidationByClient { clientNumber clientName placedCents collectedCents rate } promises { dueCount keptCount brokenCount pendingCount dueCents keptCents brokenCents } contactsByOutcome { date outcome count } agingBuckets { bucket accounts balanceCents } } }',
} as const;

/** AWSJSON arrives as a JSON string; a value that does not parse is kept as the string. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function debtorOf(raw: WorkspaceDebtor): WorkspaceDebtor {
  return { ...raw, doNotContact: parseJson(raw.doNotContact), location: parseJson(raw.location), callHistory: parseJson(raw.callHistory), refusals: parseJson(raw.refusals) };
}

function activityOf(raw: AccountActivity): AccountActivity {
  return { ...raw, details: parseJson(raw.details) };
}

/** Drops undefined members so optional inputs are sent as absent, not as explicit nulls the server may read as "clear". */
function defined<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as T;
}

/** Creates the collector's-desk operations over a transport (the data client's own, so calls carry the user's token). */
export function createCollectionsOperations(transport: GraphqlTransport): CollectionsOperations {
  async function run<T>(document: string, variables: Record<string, unknown>, field: string): Promise<T> {
    try {
      const data = await transport.request<Record<string, T>>(document, variables);
      return data[field];
    } catch (error) {
      throw collectionsError(error);
    }
  }
  return {
    workQueue: (query = {}) =>
      run<WorkQueuePage>(
        collectionsDocuments.workQueue,
        { collector: query.collector ?? null, clientNumber: query.clientNumber ?? null, status: query.status ?? null, agingBucket: query.agingBucket ?? null, limit: query.limit ?? null, nextToken: query.nextToken ?? null },
        'workQueue',
      ),
    collectors: () => run<Collector[]>(collectionsDocuments.collectors, {}, 'collectors'),
    assignAccounts: (accountIds, collector) => run<number>(collectionsDocuments.assignAccounts, { accountIds, collector }, 'assignAccounts'),
    async accountWorkspace(accountId) {
      const raw = await run<AccountWorkspace>(collectionsDocuments.accountWorkspace, { accountId }, 'accountWorkspace');
      return { ...raw, debtors: raw.debtors.map(debtorOf), activity: raw.activity.map(activityOf), contactRules: parseJson(raw.contactRules) };
    },
    recordCall: (input) => run<RecordCallResult>(collectionsDocuments.recordCall, { input: defined(input) }, 'recordCall'),
    async addAccountNote(accountId, text) {
      return activityOf(await run<AccountActivity>(collectionsDocuments.addAccountNote, { accountId, text }, 'addAccountNote'));
    },
    setAccountDispute: (accountId, disputed, reason) => run<WorkspaceAccount>(collectionsDocuments.setAccountDispute, { accountId, disputed, reason }, 'setAccountDispute'),
    async setDoNotContact(input) {
      return debtorOf(await run<WorkspaceDebtor>(collectionsDocuments.setDoNotContact, { ...input, reason: input.reason ?? null }, 'setDoNotContact'));
    },
    scheduleFollowUp: (input) => run<FollowUp>(collectionsDocuments.scheduleFollowUp, { ...input, note: input.note ?? null }, 'scheduleFollowUp'),
    completeFollowUp: (id, note) => run<FollowUp>(collectionsDocuments.completeFollowUp, { id, note: note ?? null }, 'completeFollowUp'),
    previewPromiseSchedule: (input) =>
      run<PromiseInstallment[]>(collectionsDocuments.previewPromiseSchedule, { accountId: input.accountId, debtorId: input.debtorId ?? null, schedule: defined(input.schedule) }, 'previewPromiseSchedule'),
    takePromise: (input) => run<CollectionsPromise>(collectionsDocuments.takePromise, { input: defined({ ...input, schedule: defined(input.schedule) }) }, 'takePromise'),
    cancelPromise: (id, reason) => run<CollectionsPromise>(collectionsDocuments.cancelPromise, { id, reason }, 'cancelPromise'),
    postPayment: (input) => run<PaymentPosting>(collectionsDocuments.postPayment, { input: defined(input) }, 'postPayment'),
    reversePayment: (input) => run<PaymentPosting>(collectionsDocuments.reversePayment, { input: defined(input) }, 'reversePayment'),
    collectionsDashboard: (input) => run<CollectionsDashboard>(collectionsDocuments.collectionsDashboard, { from: input.from, to: input.to, clientNumber: input.clientNumber ?? null }, 'collectionsDashboard'),
  };
}
