// What a consumer of the built package does, run by plain Node (no steward-source condition) from
// both an ES module (import) and a CommonJS module (require); package.test.ts checks the JSON it
// prints. Plain JavaScript on purpose: it must run without TypeScript tooling.
// `auth` is '@steward/auth-core', `srp` is '@steward/auth-core/srp'.
'use strict';

const poolName = 'PackageTest1';
const userPoolId = `us-east-1_${poolName}`;
const userPoolClientId = 'package-test-client';
const username = 'alice';
const userSub = '5b0f6a7e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const password = 'Correct-Horse-Battery-9!';

const base64Url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT: auth-core decodes tokens, it does not verify them (the server does). */
const jwt = (claims) => `${base64Url({ alg: 'none' })}.${base64Url(claims)}.`;

/** A Cognito user pool for one user, answering USER_SRP_AUTH with the package's own SRP server half. */
function createUserPool(srp) {
  const verifier = srp.createPasswordVerifier({ poolName, username: userSub, password });
  const calls = [];
  let exchange;
  const reply = (status, body) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/x-amz-json-1.1' } });
  const handlers = {
    InitiateAuth(body) {
      const server = srp.createServerEphemeral({ verifierHex: verifier.verifierHex });
      const secretBlockB64 = srp.bytesToBase64(crypto.getRandomValues(new Uint8Array(64)));
      exchange = { server, clientAHex: body.AuthParameters.SRP_A, secretBlockB64 };
      return reply(200, {
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: 'session-1',
        ChallengeParameters: { SALT: verifier.saltHex, SRP_B: server.srpBHex, SECRET_BLOCK: secretBlockB64, USER_ID_FOR_SRP: userSub, USERNAME: userSub },
      });
    },
    RespondToAuthChallenge(body) {
      const answer = body.ChallengeResponses;
      const key = srp.computeServerPasswordKey({ clientAHex: exchange.clientAHex, b: exchange.server.b, B: exchange.server.B, verifierHex: verifier.verifierHex });
      const valid = srp.verifyClaimSignature({
        key,
        poolName,
        userIdForSrp: answer.USERNAME,
        secretBlockB64: answer.PASSWORD_CLAIM_SECRET_BLOCK,
        timestamp: answer.TIMESTAMP,
        signatureB64: answer.PASSWORD_CLAIM_SIGNATURE,
      });
      if (!valid) return reply(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      const iat = Math.floor(Date.now() / 1000);
      const common = { sub: userSub, iat, exp: iat + 3600, iss: `https://cognito-idp.us-east-1.amazonaws.com/${userPoolId}` };
      return reply(200, {
        ChallengeParameters: {},
        AuthenticationResult: {
          AccessToken: jwt({ ...common, token_use: 'access', client_id: userPoolClientId, username }),
          IdToken: jwt({ ...common, token_use: 'id', aud: userPoolClientId, 'cognito:username': username }),
          RefreshToken: 'refresh-token-1',
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      });
    },
    RevokeToken() {
      return reply(200, {});
    },
  };
  return {
    calls,
    fetch: async (url, init) => {
      const operation = String(new Headers(init.headers).get('x-amz-target')).split('.').pop();
      calls.push(operation);
      const handler = handlers[operation];
      if (handler === undefined) return reply(400, { __type: 'UnsupportedOperationException', message: `${operation} is not handled` });
      return handler(JSON.parse(init.body));
    },
  };
}

/** The SRP exchange alone, client and server half from the `./srp` entry point. */
function srpRoundTrip(srp) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const verifier = srp.createPasswordVerifier({ poolName, username: userSub, password, salt });
  const client = srp.createClientEphemeral();
  const server = srp.createServerEphemeral({ verifierHex: verifier.verifierHex });
  const keyFor = (pw) =>
    srp.computePasswordAuthenticationKey({ poolName, username: userSub, password: pw, saltHex: verifier.saltHex, serverBHex: server.srpBHex, a: client.a, A: client.A });
  const serverKey = srp.computeServerPasswordKey({ clientAHex: client.srpAHex, b: server.b, B: server.B, verifierHex: verifier.verifierHex });
  const claim = { poolName, userIdForSrp: userSub, secretBlockB64: srp.bytesToBase64(new Uint8Array(32).fill(7)), timestamp: srp.formatCognitoTimestamp(new Date()) };
  const signed = (key) => srp.computeClaimSignature({ key, ...claim });
  let zeroA;
  try {
    srp.computeServerPasswordKey({ clientAHex: srp.SRP_N_HEX, b: server.b, B: server.B, verifierHex: verifier.verifierHex });
    zeroA = 'accepted';
  } catch (error) {
    zeroA = error.name;
  }
  return {
    keysAgree: srp.bytesToHex(keyFor(password)) === srp.bytesToHex(serverKey),
    keyBytes: serverKey.length,
    signatureVerifies: srp.verifyClaimSignature({ key: serverKey, ...claim, signatureB64: signed(keyFor(password)) }),
    wrongPasswordVerifies: srp.verifyClaimSignature({ key: serverKey, ...claim, signatureB64: signed(keyFor(`${password}x`)) }),
    zeroA,
  };
}

/** Runs everything and returns a JSON-able report. */
module.exports = async function scenario(auth, srp, resolved) {
  const report = { resolved, srp: srpRoundTrip(srp) };

  try {
    auth.createAuthRuntime({ userPoolId: 'no-underscore', userPoolClientId });
    report.badConfig = 'accepted';
  } catch (error) {
    report.badConfig = { name: error.name, isAuthConfigError: error instanceof auth.AuthConfigError, isAuthError: auth.isAuthError(error) };
  }

  const pool = createUserPool(srp);
  const runtime = auth.createAuthRuntime(
    { userPoolId, userPoolClientId, storage: auth.createMemoryStorage(), cookies: auth.createNoCookies() },
    { fetch: pool.fetch },
  );
  const events = [];
  runtime.hub.listen('auth', ({ payload }) => events.push(payload.event));
  report.runtime = { region: runtime.config.region, userPoolEndpoint: runtime.config.userPoolEndpoint };

  const signedIn = await auth.signInWith(runtime, { username, password });
  const session = await auth.fetchAuthSessionWith(runtime);
  const user = await auth.getCurrentUserWith(runtime);
  await auth.signOutWith(runtime);
  const afterSignOut = await auth.fetchAuthSessionWith(runtime);
  let wrongPassword;
  try {
    await auth.signInWith(runtime, { username, password: `${password}x` });
    wrongPassword = 'signed in';
  } catch (error) {
    wrongPassword = { name: error.name, isCognitoServiceError: auth.isCognitoServiceError(error, 'NotAuthorizedException') };
  }

  report.flow = {
    signedIn,
    sessionSub: session.tokens && session.tokens.accessToken.payload.sub,
    user: { username: user.username, userId: user.userId },
    tokensAfterSignOut: afterSignOut.tokens === undefined ? 'none' : 'present',
    wrongPassword,
    calls: pool.calls,
    events,
  };
  report.sameSrpErrorClass = auth.SrpError === srp.SrpError;
  return report;
};
