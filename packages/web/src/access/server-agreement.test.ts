// The permission table against the data API's own rules: a role is never offered a page whose data
// the server refuses it. The server modules are pure (no database): the access decision itself.
import { describe, expect, it } from 'vitest';
import { decideAccess } from '../../../server/src/graphql/authorization/access-policy';
import type { Operation } from '../../../server/src/graphql/authorization/access-policy';
import type { Caller } from '../../../server/src/graphql/authorization/caller';
import { dataModel } from '../../../server/src/graphql/model/data-model';
import { resolveModel } from '../../../server/src/graphql/model/resolved-model';
import { PROTECTED_PATHS, canOpen } from './permissions';
import type { ProtectedPath, Role } from './permissions';

const model = resolveModel(dataModel);

/** What each page asks the server for: data API operations, or the admin API (Admins only). */
type Need = readonly [entity: string, operation: Operation] | 'admin-api';

const NEEDS: Record<ProtectedPath, readonly Need[]> = {
  // Home differs by role (dashboard, client dashboard, welcome page): checked on its own below.
  '/': [],
  '/mortgages/requests': [['AccountMdl', 'read']],
  '/mortgages/requests/option-builder': [['AccountMdl', 'read'], ['ModificationOptionMdl', 'create'], ['ContactMdl', 'read'], ['TransactionMdl', 'read']],
  '/mortgages/documents': [['TransactionMdl', 'read']],
  '/mortgages/documents/generate-options-document': [['AccountMdl', 'read']],
  '/mortgages/estimator': [],
  '/files': [
    ['MappingMdl', 'read'],
    ['MappingMdl', 'create'],
    ['MappingMdl', 'update'],
    ['MappingMdl', 'delete'],
    ['ClientMdl', 'read'],
    ['ImportMdl', 'read'],
    ['ImportMdl', 'create'],
    ['ImportMdl', 'update'],
    ['AccountMdl', 'create'],
    ['AccountMdl', 'update'],
    ['DebtorMdl', 'create'],
    ['DebtorMdl', 'update'],
    ['TransactionMdl', 'create'],
    ['TransactionMdl', 'update'],
  ],
  '/apps/helpdesk/tickets': [['TicketMdl', 'read'], ['TicketMdl', 'create']],
  '/apps/helpdesk/tickets/ticket-view': [['TicketMdl', 'read'], ['TicketMdl', 'update']],
  '/apps/campaigns/scheduler': [['CampaignMdl', 'read'], ['CampaignMdl', 'create'], ['CampaignContactMdl', 'read'], ['CampaignContactMdl', 'update'], ['ClientMdl', 'read']],
  // The desk's own operations refuse client users; updating accounts stands for them (assignment, calls, payments).
  '/collections/queue': [['AccountMdl', 'read'], ['AccountMdl', 'update']],
  '/collections/account': [['AccountMdl', 'read'], ['AccountMdl', 'update'], ['TransactionMdl', 'create']],
  '/settings/profile': [['UserMdl', 'read'], ['UserMdl', 'update']],
  '/settings/user-management': ['admin-api'],
  '/settings/audit': ['admin-api'],
  '/settings/pools': ['admin-api'],
  '/settings/database': [['ClientMdl', 'read'], ['ClientMdl', 'update'], ['AccountMdl', 'read']],
  '/settings/system': [['ConfigMdl', 'read'], ['ConfigMdl', 'update'], ['UserMdl', 'update']],
  '/documents/modifications/options': [['ContactMdl', 'read']],
  '/documents/modifications/options/view': [['ContactMdl', 'read'], ['ContactMdl', 'update']],
};

/** Pages the table keeps from a role although the server would answer: product choices (docs/decisions.md). */
const STRICTER_THAN_SERVER: Partial<Record<Role, readonly ProtectedPath[]>> = {
  client: ['/mortgages/requests', '/mortgages/documents', '/mortgages/documents/generate-options-document', '/documents/modifications/options'],
};

/** Each role as the server's callerFrom makes it (authorization/caller.ts). */
const CALLERS: Record<Role, Caller> = {
  admin: { sub: 'a', username: 'admin', groups: ['Admins'], isAdmin: true, isStaff: true, clientNumber: null, userMdlId: 'um-a' },
  staff: { sub: 's', username: 'staff', groups: [], isAdmin: false, isStaff: true, clientNumber: null, userMdlId: 'um-s' },
  client: { sub: 'c', username: 'client', groups: [], isAdmin: false, isStaff: false, clientNumber: 'C-1001', userMdlId: 'um-c' },
  pending: { sub: 'p', username: 'new', groups: [], isAdmin: false, isStaff: false, clientNumber: null, userMdlId: null },
};

/** True when the server lets `role` do what `need` asks (some rows at least). */
function serverAllows(role: Role, need: Need): boolean {
  if (need === 'admin-api') return CALLERS[role].isAdmin;
  const [entity, operation] = need;
  return decideAccess(model.entity(entity), operation, CALLERS[role]).kind !== 'none';
}

describe('the permission table and the data API', () => {
  it.each(['admin', 'staff', 'client', 'pending'] as const)('never offers %s a page whose data the server refuses it', (role) => {
    const refused = PROTECTED_PATHS.filter((path) => canOpen(role, path)).flatMap((path) => NEEDS[path].filter((need) => !serverAllows(role, need)).map((need) => `${path}: ${String(need)}`));
    expect(refused).toEqual([]);
  });

  it.each(['admin', 'staff', 'client', 'pending'] as const)('refuses %s only pages the server refuses too, or listed product choices', (role) => {
    const choices = STRICTER_THAN_SERVER[role] ?? [];
    const stricter = PROTECTED_PATHS.filter((path) => !canOpen(role, path) && !choices.includes(path) && NEEDS[path].every((need) => serverAllows(role, need)));
    expect(stricter).toEqual([]);
  });

  it('lets client users read their accounts for the client dashboard, and users without a profile nothing of the business', () => {
    expect(serverAllows('client', ['AccountMdl', 'read'])).toBe(true);
    expect(serverAllows('pending', ['AccountMdl', 'read'])).toBe(false);
    expect(serverAllows('pending', ['TicketMdl', 'read'])).toBe(false);
  });
});
