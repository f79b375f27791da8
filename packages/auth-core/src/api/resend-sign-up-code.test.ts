import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { resendSignUpCodeWith } from './resend-sign-up-code.js';

describe('resendSignUpCode', () => {
  it('sends ResendConfirmationCode and returns where the code went', async () => {
    const h = createTestHarness();
    h.fake.on('ResendConfirmationCode', () => ({ CodeDeliveryDetails: { Destination: '+*******0100', DeliveryMedium: 'SMS', AttributeName: 'phone_number' } }));
    expect(await resendSignUpCodeWith(h.runtime, { username: 'alice', options: { clientMetadata: { k: 'v' } } })).toEqual({
      destination: '+*******0100',
      deliveryMedium: 'SMS',
      attributeName: 'phone_number',
    });
    expect(h.fake.callsTo('ResendConfirmationCode')[0]?.body).toEqual({ ClientId: 'client123', Username: 'alice', ClientMetadata: { k: 'v' } });
  });

  it('requires a username before any request', async () => {
    const h = createTestHarness();
    await expect(resendSignUpCodeWith(h.runtime, { username: '' })).rejects.toMatchObject({ name: 'EmptyresendSignUpCodeUsername' });
    expect(h.fake.calls).toEqual([]);
  });

  it('passes provider errors through', async () => {
    const h = createTestHarness();
    h.fake.on('ResendConfirmationCode', () => cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    await expect(resendSignUpCodeWith(h.runtime, { username: 'alice' })).rejects.toMatchObject({ name: 'LimitExceededException' });
  });
});
