// The setup every trigger suite shares: a test server on one database (with the auth tests'
// settings), a real webhook receiver, a public SDK client and the admin SDK clients; the receiver's
// record is emptied before each test. Registers its own vitest hooks, so a suite calls it once at
// the top of its describe block and gets the parts through `use`.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setPoolLambdaConfig, type LambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { AUTH_TEST_ENV } from '../../auth/auth-fixtures.js';
import { startTestServer, type TestDatabase, type TestServer } from '../../harness.js';
import { sdkClients, type SdkClients } from '../sdk-fixtures.js';
import { startReceiver, type Receiver } from './trigger-receiver.js';

/** The parts of a trigger suite. */
export interface TriggerFixture {
  readonly server: TestServer;
  /** Unsigned calls, as an app calls the public operations. */
  readonly client: CognitoIdentityProviderClient;
  /** Admin* calls (signed with the admin credential). */
  readonly sdk: SdkClients;
  readonly receiver: Receiver;
}

/** How a suite wants its server. */
export interface TriggerFixtureOptions {
  /** Turn the pool's MFA off: tokens straight after the password, the triggers (not MFA) under test. */
  readonly mfaOff?: boolean;
  /** The pool's LambdaConfig, set once before the tests (from the receiver's URL). */
  readonly lambdaConfig?: (receiverUrl: string) => LambdaConfig;
  /** Time each trigger attempt may take instead of Cognito's 5 s (tests of the timeout). */
  readonly triggerTimeoutMs?: number;
}

/** Starts the server, receiver and clients before the suite's tests (handing them to `use`) and stops them after. */
export function triggerFixture(database: TestDatabase, options: TriggerFixtureOptions, use: (fixture: TriggerFixture) => void): void {
  let fixture: TriggerFixture | undefined;
  /** What is running, stopped in reverse order afterwards (also when the start failed halfway). */
  const stops: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    const server = await startTestServer({ database, env: AUTH_TEST_ENV, ...(options.triggerTimeoutMs !== undefined ? { triggerTimeoutMs: options.triggerTimeoutMs } : {}) });
    stops.push(() => server.close());
    if (options.mfaOff === true) await server.db.query(`UPDATE user_pools SET mfa_configuration = 'OFF' WHERE id = $1`, [server.pool.userPoolId]);
    const receiver = await startReceiver();
    stops.push(() => receiver.close());
    const client = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' } });
    const sdk = sdkClients(server);
    stops.push(() => client.destroy(), () => sdk.destroy());
    if (options.lambdaConfig !== undefined) await setPoolLambdaConfig(server.db, server.pool.userPoolId, options.lambdaConfig(receiver.url));
    fixture = { server, client, sdk, receiver };
    use(fixture);
  });
  afterAll(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  beforeEach(() => {
    if (fixture !== undefined) fixture.receiver.requests.length = 0;
  });
}
