// The collector's desk behind its GraphQL fields: one object holding the database and clock, each
// method one operation (services in calls/, workspace/, follow-ups/ and queue/).
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../time/clock.js';
import { recordCall, type RecordCallOutcome, type RecordCallRequest } from './calls/record-call.js';
import type { DeskAccountRow } from './desk-accounts.js';
import { loadDeskAccount } from './desk-accounts.js';
import type { DeskActor } from './desk-error.js';
import { DeskError } from './desk-error.js';
import { completeFollowUp, scheduleFollowUp, type FollowUpRow } from './follow-ups/follow-ups.js';
import { assignAccounts, listCollectors, type CollectorRow } from './queue/assignment.js';
import { workQueue, type WorkQueuePage, type WorkQueueRequest } from './queue/work-queue.js';
import { addAccountNote, setAccountDispute, setDoNotContact, type ActivityRow } from './workspace/account-actions.js';
import type { AccountWorkspace, WorkspaceAccount, WorkspaceDebtor } from './workspace/account-workspace.js';
import { loadAccountWorkspace, serverToday, toWorkspaceAccount, workspaceDebtors } from './workspace/account-workspace.js';

/** What the desk needs (`audit`: where its changes are recorded). */
export interface DeskServiceDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit?: AuditTrail;
  /** Signs the work queue's nextTokens. */
  readonly tokenSecret: string;
}

/** The desk's operations; see the file comment. */
export class DeskService {
  constructor(private readonly deps: DeskServiceDeps) {}

  /** The account as WorkspaceAccount, read now. */
  async account(row: DeskAccountRow | string): Promise<WorkspaceAccount> {
    const account = typeof row === 'string' ? await loadDeskAccount(this.deps.db, row) : row;
    return toWorkspaceAccount(this.deps.db, account, serverToday(this.deps.clock));
  }

  /** recordCall. */
  async recordCall(actor: DeskActor, request: RecordCallRequest): Promise<{ activityId: string; duplicate: boolean; account: WorkspaceAccount }> {
    const result: RecordCallOutcome = await recordCall(this.deps, actor, request);
    return { activityId: result.activityId, duplicate: result.duplicate, account: await this.account(result.account) };
  }

  /** addAccountNote. */
  addNote(actor: DeskActor, accountId: string, text: string): Promise<ActivityRow> {
    return addAccountNote(this.deps, actor, accountId, text);
  }

  /** setAccountDispute. */
  async setDispute(actor: DeskActor, accountId: string, disputed: boolean, reason: string): Promise<WorkspaceAccount> {
    return this.account(await setAccountDispute(this.deps, actor, accountId, disputed, reason));
  }

  /** setDoNotContact: the debtor as the workspace shows it afterwards. */
  async setDoNotContact(actor: DeskActor, debtorId: string, channel: string, doNotContact: boolean, reason: string | null | undefined): Promise<WorkspaceDebtor> {
    await setDoNotContact(this.deps, actor, debtorId, channel, doNotContact, reason);
    const owner = await this.deps.db.query<{ accountmdlID: string }>(`SELECT "accountmdlID" FROM "DebtorMdl" WHERE "id" = $1`, [debtorId]);
    const accountId = owner[0]?.accountmdlID;
    if (accountId === undefined) throw new DeskError('NOT_FOUND', `Debtor ${debtorId} does not exist.`);
    const debtors = await workspaceDebtors(this.deps.db, await loadDeskAccount(this.deps.db, accountId), this.deps.clock);
    const debtor = debtors.find((d) => d.id === debtorId);
    if (debtor === undefined) throw new DeskError('NOT_FOUND', `Debtor ${debtorId} does not exist.`);
    return debtor;
  }

  /** scheduleFollowUp. */
  scheduleFollowUp(actor: DeskActor, accountId: string, dueAt: string, note: string | null | undefined): Promise<FollowUpRow> {
    return scheduleFollowUp(this.deps, actor, accountId, dueAt, note);
  }

  /** completeFollowUp. */
  completeFollowUp(actor: DeskActor, id: string, note: string | null | undefined): Promise<FollowUpRow> {
    return completeFollowUp(this.deps, actor, id, note);
  }

  /** workQueue. */
  workQueue(actor: DeskActor, request: WorkQueueRequest): Promise<WorkQueuePage> {
    return workQueue(this.deps, actor, request);
  }

  /** collectors. */
  collectors(actor: DeskActor): Promise<CollectorRow[]> {
    return listCollectors(this.deps.db, actor);
  }

  /** assignAccounts. */
  assignAccounts(actor: DeskActor, accountIds: readonly string[], collector: string | null): Promise<number> {
    return assignAccounts(this.deps, actor, accountIds, collector);
  }

  /** accountWorkspace. */
  workspace(accountId: string): Promise<AccountWorkspace> {
    return loadAccountWorkspace(this.deps, accountId);
  }
}
