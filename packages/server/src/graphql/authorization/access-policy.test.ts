import { describe, expect, it } from 'vitest';
import { dataModel } from '../model/data-model.js';
import { resolveModel } from '../model/resolved-model.js';
import { decideAccess } from './access-policy.js';
import { callerFrom } from './caller.js';

const model = resolveModel(dataModel);
const profile = (userType: string | null, clientNumber: string | null) => ({ userMdlId: 'um-1', userType, clientNumber });

describe('callerFrom', () => {
  it('makes Admins group members admins and staff', () => {
    const c = callerFrom({ sub: 's' }, null, ['Admins']);
    expect([c.isAdmin, c.isStaff, c.clientNumber]).toEqual([true, true, null]);
  });
  it('takes the groups it is given, not the token claim', () => {
    const c = callerFrom({ sub: 's', 'cognito:groups': ['Admins', 'Staff'] }, null, []);
    expect([c.isAdmin, c.isStaff]).toEqual([false, false]);
  });
  it('scopes a user with a clientNumber to that client unless they are staff', () => {
    expect(callerFrom({ sub: 's' }, profile('client', 'C-1'), []).clientNumber).toBe('C-1');
    expect(callerFrom({ sub: 's' }, profile('user', 'C-1'), []).clientNumber).toBe('C-1');
    expect(callerFrom({ sub: 's' }, profile('staff', 'C-1'), []).clientNumber).toBeNull();
    expect(callerFrom({ sub: 's' }, profile('client', ''), []).clientNumber).toBeNull();
  });
});

describe('decideAccess', () => {
  it('gives nothing of the business to a user without profile, client or staff role', () => {
    const nobody = callerFrom({ sub: 's' }, null, []);
    expect(decideAccess(model.entity('AccountMdl'), 'read', nobody)).toEqual({ kind: 'none' });
    expect(decideAccess(model.entity('SessionMdl'), 'read', nobody)).toEqual({ kind: 'rows', conditions: [{ field: 'userId', value: 's' }] });
  });
  it('limits client users to their clientNumber for reads and refuses their writes', () => {
    const client = callerFrom({ sub: 's' }, profile('client', 'C-9'), []);
    expect(decideAccess(model.entity('AccountMdl'), 'read', client)).toEqual({ kind: 'rows', conditions: [{ field: 'clientNumber', value: 'C-9' }] });
    expect(decideAccess(model.entity('AccountMdl'), 'update', client)).toEqual({ kind: 'none' });
  });
  it('lets only admins create or delete users', () => {
    const staff = callerFrom({ sub: 's' }, profile('staff', null), []);
    expect(decideAccess(model.entity('UserMdl'), 'create', staff)).toEqual({ kind: 'none' });
    expect(decideAccess(model.entity('UserMdl'), 'delete', staff)).toEqual({ kind: 'none' });
    expect(decideAccess(model.entity('UserMdl'), 'create', callerFrom({ sub: 'a' }, null, ['Admins']))).toEqual({ kind: 'all' });
  });
});
