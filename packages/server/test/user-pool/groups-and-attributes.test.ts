// GetGroup, UpdateGroup, DeleteGroup, AdminUpdateUserAttributes and AdminDeleteUserAttributes through
// the AWS SDK v3 client, on PGlite and PostgreSQL.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
  CreateGroupCommand,
  DeleteGroupCommand,
  GetGroupCommand,
  UpdateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('group and attribute administration on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  const createUser = async (username: string, email: string) => {
    await sdk.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'Ada' },
          { Name: 'family_name', Value: 'Lovelace' },
        ],
      }),
    );
  };
  const attributesOf = async (username: string): Promise<Record<string, string>> => {
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }));
    return Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
  };

  it('reads a group with GetGroup and answers an unknown one with ResourceNotFoundException', async () => {
    await sdk.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'readers', Description: 'Read only', Precedence: 5 }));
    const { Group } = await sdk.admin.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: 'readers' }));
    expect(Group).toMatchObject({ GroupName: 'readers', UserPoolId: poolId, Description: 'Read only', Precedence: 5 });
    expect(Group?.CreationDate).toBeInstanceOf(Date);
    expect((await sdkError(sdk.admin.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: 'nobody' })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new GetGroupCommand({ UserPoolId: 'us-east-1_Missing1', GroupName: 'readers' })))).name).toBe('ResourceNotFoundException');
  });

  it('changes only the members UpdateGroup is given', async () => {
    await sdk.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'editors', Description: 'Edit', Precedence: 3 }));
    const { Group } = await sdk.admin.send(new UpdateGroupCommand({ UserPoolId: poolId, GroupName: 'editors', Precedence: 1 }));
    expect(Group).toMatchObject({ GroupName: 'editors', Description: 'Edit', Precedence: 1 });
    expect((await sdk.admin.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: 'editors' }))).Group?.Precedence).toBe(1);
    expect((await sdkError(sdk.admin.send(new UpdateGroupCommand({ UserPoolId: poolId, GroupName: 'ghosts', Description: 'x' })))).name).toBe('ResourceNotFoundException');
  });

  it('deletes a group and its memberships, keeping the members', async () => {
    await createUser('member1', 'member1@example.com');
    await sdk.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'temporary' }));
    await sdk.admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, GroupName: 'temporary', Username: 'member1' }));
    await sdk.admin.send(new DeleteGroupCommand({ UserPoolId: poolId, GroupName: 'temporary' }));
    expect((await sdkError(sdk.admin.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: 'temporary' })))).name).toBe('ResourceNotFoundException');
    const groups = await sdk.admin.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: 'member1' }));
    expect(groups.Groups?.map((g) => g.GroupName)).not.toContain('temporary');
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'member1' }))).Username).toBe('member1');
  });

  // Threat: an administrator (or a leaked admin key) removing every administrator of the pool at once.
  it('refuses to delete the Admins group', async () => {
    expect((await sdkError(sdk.admin.send(new DeleteGroupCommand({ UserPoolId: poolId, GroupName: 'Admins' })))).name).toBe('LastAdministratorException');
    expect((await sdk.admin.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: 'Admins' }))).Group?.GroupName).toBe('Admins');
  });

  it('updates attributes, marks a changed email unverified and sends it a code', async () => {
    await createUser('attr1', 'attr1@example.com');
    await sdk.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: poolId,
        Username: 'attr1',
        UserAttributes: [
          { Name: 'given_name', Value: 'Augusta' },
          { Name: 'email', Value: 'augusta@example.com' },
        ],
      }),
    );
    expect(await attributesOf('attr1')).toMatchObject({ given_name: 'Augusta', email: 'augusta@example.com', email_verified: 'false' });
    expect(await server.latestCode('augusta@example.com')).toMatch(/^\d{6}$/);
  });

  it('keeps a changed email verified when the same call says so, and sends nothing', async () => {
    await createUser('attr2', 'attr2@example.com');
    await sdk.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: poolId,
        Username: 'attr2',
        UserAttributes: [
          { Name: 'email', Value: 'verified2@example.com' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(await attributesOf('attr2')).toMatchObject({ email: 'verified2@example.com', email_verified: 'true' });
    expect(await server.outbox('verified2@example.com')).toEqual([]);
  });

  it('refuses unknown attributes, sub and unknown users with typed errors', async () => {
    await createUser('attr3', 'attr3@example.com');
    const update = (username: string, name: string) =>
      sdkError(sdk.admin.send(new AdminUpdateUserAttributesCommand({ UserPoolId: poolId, Username: username, UserAttributes: [{ Name: name, Value: 'x' }] })));
    expect(await update('attr3', 'custom:nope')).toEqual({ name: 'InvalidParameterException', message: 'Attribute does not exist in the schema: custom:nope' });
    expect((await update('attr3', 'sub')).name).toBe('InvalidParameterException');
    expect((await update('nobody-at-all', 'given_name')).name).toBe('UserNotFoundException');
  });

  it('deletes attributes, taking the verified flag with the email, and never sub', async () => {
    await createUser('attr4', 'attr4@example.com');
    await sdk.admin.send(new AdminUpdateUserAttributesCommand({ UserPoolId: poolId, Username: 'attr4', UserAttributes: [{ Name: 'nickname', Value: 'Countess' }] }));
    await sdk.admin.send(new AdminDeleteUserAttributesCommand({ UserPoolId: poolId, Username: 'attr4', UserAttributeNames: ['nickname'] }));
    const after = await attributesOf('attr4');
    expect(after.nickname).toBeUndefined();
    expect(after.given_name).toBe('Ada');
    expect((await sdkError(sdk.admin.send(new AdminDeleteUserAttributesCommand({ UserPoolId: poolId, Username: 'attr4', UserAttributeNames: ['sub'] })))).name).toBe(
      'InvalidParameterException',
    );
  });

  // Threat: anyone on the network reading or rewriting groups and user attributes without the admin credential.
  it('is refused without valid admin credentials, as the other Admin* calls are', async () => {
    await expectAdminOnly(server, sdk, 'GetGroup', { UserPoolId: poolId, GroupName: 'Admins' });
    await expectAdminOnly(server, sdk, 'UpdateGroup', { UserPoolId: poolId, GroupName: 'Admins', Precedence: 9 });
    await expectAdminOnly(server, sdk, 'DeleteGroup', { UserPoolId: poolId, GroupName: 'readers' });
    await expectAdminOnly(server, sdk, 'AdminUpdateUserAttributes', { UserPoolId: poolId, Username: 'attr1', UserAttributes: [{ Name: 'email_verified', Value: 'true' }] });
    await expectAdminOnly(server, sdk, 'AdminDeleteUserAttributes', { UserPoolId: poolId, Username: 'attr1', UserAttributeNames: ['given_name'] });
    expect((await sdk.admin.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: 'readers' }))).Group?.GroupName).toBe('readers');
  });
});
