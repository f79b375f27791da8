// DefineAuthChallenge, CreateAuthChallenge and VerifyAuthChallengeResponse as signed webhooks
// replacing the built-in custom challenge; through the AWS SDK v3 client against a real HTTP
// receiver, on PGlite and PostgreSQL.
import { type CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPoolLambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { createTestUser } from '../../auth/auth-fixtures.js';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
import { sdkError } from '../sdk-fixtures.js';
import { triggerFixture } from './trigger-fixture.js';
import type { Receiver } from './trigger-receiver.js';

type Round = { challengeName: string; challengeResult: boolean; challengeMetadata?: string };

describe.each(BOTH_DATABASES)('custom auth challenge triggers on %s', (database) => {
  let server: TestServer;
  let client: CognitoIdentityProviderClient;
  let receiver: Receiver;

  triggerFixture(database, { mfaOff: true }, (fixture) => {
    ({ server, client, receiver } = fixture);
  });
  beforeEach(async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, {
      DefineAuthChallenge: `${receiver.url}/define`,
      CreateAuthChallenge: `${receiver.url}/create`,
      VerifyAuthChallengeResponse: `${receiver.url}/verify`,
    });
    // A secret-question challenge, written as the Cognito guide writes the three handlers.
    receiver.on('/define', (event) => {
      const session = (event.request.session ?? []) as Round[];
      const last = session.at(-1);
      const response =
        last === undefined
          ? { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false }
          : last.challengeResult
            ? { issueTokens: true, failAuthentication: false }
            : session.length >= 3
              ? { issueTokens: false, failAuthentication: true }
              : { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false };
      return { body: { ...event, response } };
    });
    receiver.on('/create', (event) => ({ body: { ...event, response: { publicChallengeParameters: { question: 'Favourite colour?' }, privateChallengeParameters: { answer: 'blue' }, challengeMetadata: 'COLOUR' } } }));
    receiver.on('/verify', (event) => {
      const request = event.request as { privateChallengeParameters: { answer: string }; challengeAnswer: string };
      return { body: { ...event, response: { answerCorrect: request.challengeAnswer === request.privateChallengeParameters.answer } } };
    });
  });

  const start = (username: string) => client.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username }, ClientMetadata: { app: 'kiosk' } }));
  const answer = (username: string, session: string | undefined, value: string) =>
    client.send(new RespondToAuthChallengeCommand({ ClientId: server.pool.clientId, ChallengeName: 'CUSTOM_CHALLENGE', Session: session, ChallengeResponses: { USERNAME: username, ANSWER: value } }));

  it('runs the three handlers: challenge, a wrong answer, another challenge, the right answer, tokens', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    const first = await start(user.username);
    expect(first.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(first.ChallengeParameters).toMatchObject({ question: 'Favourite colour?' });
    expect(first.ChallengeParameters?.answer).toBeUndefined();
    expect(receiver.to('/define')[0]?.event).toEqual({
      version: '1',
      triggerSource: 'DefineAuthChallenge_Authentication',
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userName: user.username,
      callerContext: { awsSdkVersion: expect.stringMatching(/^aws-sdk-js-/) as unknown, clientId: server.pool.clientId },
      request: { userAttributes: expect.objectContaining({ sub: user.sub, email: user.email, 'cognito:user_status': 'CONFIRMED' }) as unknown, session: [], clientMetadata: { app: 'kiosk' } },
      response: { challengeName: null, issueTokens: null, failAuthentication: null },
    });
    expect(receiver.to('/create')[0]?.event).toMatchObject({
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: { challengeName: 'CUSTOM_CHALLENGE', session: [] },
      response: { publicChallengeParameters: null, privateChallengeParameters: null, challengeMetadata: null },
    });

    const second = await answer(user.username, first.Session, 'red');
    expect(second.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(receiver.to('/verify')[0]?.event).toMatchObject({
      triggerSource: 'VerifyAuthChallengeResponse_Authentication',
      request: { privateChallengeParameters: { answer: 'blue' }, challengeAnswer: 'red' },
      response: { answerCorrect: null },
    });
    expect(receiver.to('/define')[1]?.event.request.session).toEqual([{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: false, challengeMetadata: 'COLOUR' }]);

    const done = await answer(user.username, second.Session, 'blue');
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('fails the sign-in when DefineAuthChallenge says so, and surfaces its error message', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    let session = (await start(user.username)).Session;
    for (const wrong of ['red', 'green']) session = (await answer(user.username, session, wrong)).Session;
    expect((await sdkError(answer(user.username, session, 'yellow'))).name).toBe('NotAuthorizedException');

    receiver.on('/define', () => ({ status: 400, body: { errorMessage: 'Kiosk sign-in is closed' } }));
    expect(await sdkError(start(user.username))).toEqual({ name: 'UserLambdaValidationException', message: 'DefineAuthChallenge failed with error Kiosk sign-in is closed.' });
  });

  it('keeps the built-in emailed-code challenge for a pool without the triggers', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, {});
    const user = await createTestUser(server, { mfa: 'none' });
    const first = await start(user.username);
    expect(first.ChallengeParameters).toMatchObject({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL' });
    expect(receiver.requests).toHaveLength(0);
    const done = await answer(user.username, first.Session, await server.latestCode(user.email));
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});
