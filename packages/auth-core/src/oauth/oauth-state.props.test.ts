// Threats: a customState altered on its way through managed login, and a forged or replayed callback
// (login CSRF) whose state was not issued by this browser. The state must carry customState exactly,
// and only the state stored at signInWithRedirect may complete a sign-in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { loadTokens } from '../tokens/token-store.js';
import { completeSignInWithRedirectWith } from './complete-sign-in-with-redirect.js';
import { createOAuthState, customStateOf, oauthStatesEqual } from './oauth-state.js';
import { signInWithRedirectWith } from './sign-in-with-redirect.js';
import { createManagedLoginHarness } from '../../testing/test-managed-login.js';

// Well-formed Unicode (any code point, surrogate halves excluded), as JSON or a route would hold.
const customState = fc.string({ unit: 'binary', maxLength: 120 });
const seed = fc.uint8Array({ minLength: 16, maxLength: 16 });
const randomFrom = (bytes: Uint8Array) => (length: number) => new Uint8Array(length).map((_, i) => bytes[i % bytes.length] ?? 0);

/** A different string made from `state` by one edit: a changed, dropped or added character, or any other string. */
function tampered(state: string): fc.Arbitrary<string> {
  const position = fc.nat({ max: Math.max(0, state.length - 1) });
  const char = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });
  return fc
    .oneof(
      fc.tuple(position, char).map(([i, c]) => state.slice(0, i) + c + state.slice(i + 1)),
      position.map((i) => state.slice(0, i) + state.slice(i + 1)),
      fc.tuple(position, char).map(([i, c]) => state.slice(0, i) + c + state.slice(i)),
      fc.string({ unit: 'binary', maxLength: 80 }),
    )
    .filter((candidate) => candidate !== state);
}

describe('the OAuth state of signInWithRedirect', () => {
  it('round-trips any customState, and travels as URL-safe hex', () => {
    fc.assert(
      fc.property(seed, customState, (bytes, custom) => {
        const state = createOAuthState(randomFrom(bytes), custom);
        expect(state).toMatch(/^[0-9a-f]{32}(-[0-9a-f]+)?$/);
        expect(customStateOf(state)).toBe(custom === '' ? undefined : custom);
        // What a URL round trip does to the state (encoding then decoding) changes nothing.
        expect(new URLSearchParams(new URLSearchParams({ state }).toString()).get('state')).toBe(state);
      }),
      propertyRuns(1000),
    );
  });

  it('equals only itself: every tampered state is refused by the comparison', () => {
    fc.assert(
      fc.property(
        seed.chain((bytes) => customState.chain((custom) => {
          const state = createOAuthState(randomFrom(bytes), custom);
          return fc.tuple(fc.constant(state), tampered(state));
        })),
        ([state, other]) => {
          expect(oauthStatesEqual(state, state)).toBe(true);
          expect(oauthStatesEqual(other, state)).toBe(false);
        },
      ),
      propertyRuns(1000),
    );
  });

  it('never completes a sign-in for a tampered state: no code exchange, no tokens, OAuthSignInException', async () => {
    // The runtime's randomness is fixed by `bytes`, so the state signInWithRedirect issues is known in advance.
    const cases = seed.chain((bytes) =>
      customState.chain((custom) => fc.tuple(fc.constant(bytes), fc.constant(custom), tampered(createOAuthState(randomFrom(bytes), custom)))),
    );
    await fc.assert(
      fc.asyncProperty(
        cases.filter(([, , forged]) => forged !== ''),
        async ([bytes, custom, forged]) => {
          const harness = createManagedLoginHarness({ io: { randomBytes: randomFrom(bytes) } });
          await signInWithRedirectWith(harness.runtime, { customState: custom });
          expect(new URL(harness.redirects[0] ?? '').searchParams.get('state')).toBe(createOAuthState(randomFrom(bytes), custom));
          const url = `https://app.example.com/?code=c&state=${encodeURIComponent(forged)}`;
          await expect(completeSignInWithRedirectWith(harness.runtime, url)).rejects.toMatchObject({ name: 'OAuthSignInException' });
          expect(harness.tokenRequests).toEqual([]);
          expect(await loadTokens(harness.runtime)).toBeNull();
          expect(harness.events.map((e) => e.event)).toEqual(['signInWithRedirect_failure']);
        },
      ),
      propertyRuns(200),
    );
  });
});
