import type { OwnSignIn } from './sign-in-history';
import { failureReason, fetchOwnSignIns, signInHistoryUrl } from './sign-in-history';
import { WebError } from '../../app/web-errors';
import { useCallback, useEffect, useState } from 'react';
import type { AuthMFAType, AWSAuthDevice, AuthTOTPSetupDetails, AuthWebAuthnCredential, FetchMFAPreferenceOutput } from '@steward/auth-core';
import { QRCodeSVG } from 'qrcode.react';
import { assertUpdatePasswordInput, checkPasswordPolicy } from '@steward/auth-core';
import { notify } from '../../ui/notify';
import type { AccountPort, DataPort } from '../../app/ports';
import { useServices } from '../../app/ports-context';
import { FieldProblem, errorFor } from '../../auth/error-messages';
import type { ErrorField } from '../../auth/error-messages';
import { MFA_LABELS } from '../../auth/steps/MfaSelectionStep';
import { TOTP_ISSUER, groupSecret } from '../../auth/steps/TotpSetupStep';
import { useUserStore } from '../../stores/user-store';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { LiveRegion } from '../../ui/LiveRegion';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useAsyncAction } from '../../ui/use-async-action';
import { describeDataError } from '../entities/data-errors';
import { formatValue } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { deviceLabel, splitDevices } from './device-list';
import { useAccountPort } from './use-account-port';
import '../../auth/auth.css';

const EDITABLE = [
  { key: 'given_name', label: 'First name', autoComplete: 'given-name' },
  { key: 'family_name', label: 'Last name', autoComplete: 'family-name' },
  { key: 'email', label: 'Email address', autoComplete: 'email', type: 'email' },
  { key: 'phone_number', label: 'Phone number', autoComplete: 'tel', type: 'tel' },
] as const;

type Verifiable = 'email' | 'phone_number';

// Which error field each editable attribute shows, and back: those errors sit at their field, not at the top.
const FIELD_OF_KEY = { given_name: 'givenName', family_name: 'familyName', email: 'email', phone_number: 'phone' } as const satisfies Record<(typeof EDITABLE)[number]['key'], ErrorField>;
const FIELD_OF: Partial<Record<ErrorField, true>> = { givenName: true, familyName: true, email: true, phone: true };

/** The longest first or last name the profile takes. */
export const MAX_NAME_LENGTH = 100;

const NAME_FIELDS = [
  { key: 'given_name', field: 'givenName', words: 'first name' },
  { key: 'family_name', field: 'familyName', words: 'last name' },
] as const;

/** The first wrong field of changed profile details (already trimmed), in plain words; null when they may be saved. */
export function detailsProblem(changed: Readonly<Record<string, string>>): FieldProblem | null {
  // Saving a blank name would blank it everywhere (the top bar, letters): a name is never removed here.
  for (const { key, field, words } of NAME_FIELDS) {
    const value = changed[key];
    if (value === undefined) continue;
    if (value === '') return new FieldProblem(field, `Enter your ${words}.`);
    if (value.length > MAX_NAME_LENGTH) return new FieldProblem(field, `Your ${words} can have at most ${MAX_NAME_LENGTH} characters.`);
  }
  if (changed.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(changed.email)) return new FieldProblem('email', 'Enter an email address like name@example.com.');
  // The identity provider takes E.164 only: + and up to 15 digits, nothing else.
  if (changed.phone_number !== undefined && changed.phone_number !== '' && !/^\+[1-9]\d{6,14}$/.test(changed.phone_number)) {
    return new FieldProblem('phone', 'Enter the phone number as + and the country code and number, without spaces, like +15555550101.');
  }
  return null;
}

/** The user-record fields a saved profile changes (identity attribute -> UserMdl field). */
export function namePatch(changed: Readonly<Record<string, string>>): { firstName?: string; lastName?: string } {
  const patch: { firstName?: string; lastName?: string } = {};
  if (changed.given_name !== undefined) patch.firstName = changed.given_name;
  if (changed.family_name !== undefined) patch.lastName = changed.family_name;
  return patch;
}

/**
 * Copies a saved first or last name into the user record and the user store, so the top bar (which
 * reads only the store) shows it at once instead of after the next sign-in. The store is updated
 * even when the record write fails; the failure is returned for the page to mention.
 */
export async function syncSavedName(data: DataPort, changed: Readonly<Record<string, string>>): Promise<unknown> {
  const patch = namePatch(changed);
  if (Object.keys(patch).length === 0) return null;
  const store = useUserStore.getState();
  store.patchUser(patch);
  if (store.user_id === null || store.isTemporary) return null;
  try {
    const updated = await (await data.models()).UserMdl.update({ id: store.user_id, ...patch });
    useUserStore.getState().patchUser({ firstName: updated.firstName, lastName: updated.lastName });
    return null;
  } catch (failure) {
    return failure;
  }
}

function DetailsSection({ account }: { account: AccountPort }) {
  const { data } = useServices();
  const [attributes, setAttributes] = useState<Record<string, string | undefined> | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<Verifiable[]>([]);
  const [codes, setCodes] = useState<Record<string, string>>({});
  const save = useAsyncAction();
  const verify = useAsyncAction();

  const load = useCallback(async () => {
    const loaded = await account.fetchUserAttributes();
    setAttributes(loaded);
    setDraft(Object.fromEntries(EDITABLE.map(({ key }) => [key, loaded[key] ?? ''])));
    setPending((['email', 'phone_number'] as const).filter((key) => loaded[key] !== undefined && loaded[`${key}_verified`] !== 'true'));
  }, [account]);

  useEffect(() => {
    load().catch((error: unknown) => save.setError(error));
  }, [load, save.setError]);

  if (attributes === null) return <Spinner label="Loading your details" />;
  const changed = Object.fromEntries(EDITABLE.filter(({ key }) => (draft[key] ?? '') !== (attributes[key] ?? '')).map(({ key }) => [key, (draft[key] ?? '').trim()]));
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 className="card__title" id="details-title">
        Your details
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(changed).length === 0) return;
          const invalid = detailsProblem(changed);
          if (invalid !== null) {
            save.setError(invalid);
            return;
          }
          void save.run(async () => {
            const result = await account.updateUserAttributes({ userAttributes: changed });
            const needCode = Object.entries(result)
              .filter(([, outcome]) => outcome.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE')
              .map(([key]) => key as Verifiable);
            const recordFailure = await syncSavedName(data, changed);
            if (recordFailure !== null) void notify.warning(`Your details are saved, but your Steward profile still has the old name: ${describeDataError(recordFailure).message}`);
            else void notify.success(needCode.length === 0 ? 'Your details are saved.' : 'Saved. Enter the code we sent to confirm the change.');
            await load();
            setPending((current) => [...new Set([...current, ...needCode])]);
          });
        }}
      >
        <LiveRegion message={save.error === null || FIELD_OF[save.error.field] !== undefined ? null : save.error.message} detail={save.error?.detail} />
        <div className="card-grid">
          {EDITABLE.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              type={'type' in field ? field.type : 'text'}
              autoComplete={field.autoComplete}
              value={draft[field.key] ?? ''}
              onChange={(e) => setDraft((current) => ({ ...current, [field.key]: e.target.value }))}
              error={errorFor(save.error, FIELD_OF_KEY[field.key])}
              hint={
                field.key === 'email' || field.key === 'phone_number'
                  ? attributes[`${field.key}_verified`] === 'true'
                    ? 'Verified'
                    : attributes[field.key] === undefined
                      ? undefined
                      : 'Not verified yet'
                  : undefined
              }
            />
          ))}
        </div>
        <Button type="submit" busy={save.busy} disabled={Object.keys(changed).length === 0}>
          Save details
        </Button>
      </form>
      {pending.map((key) => (
        <form
          key={key}
          className="row"
          style={{ marginTop: 14 }}
          onSubmit={(event) => {
            event.preventDefault();
            void verify.run(async () => {
              const code = (codes[key] ?? '').trim();
              if (code === '') throw new FieldProblem('code', 'Enter the verification code we sent you.');
              await account.confirmUserAttribute({ userAttributeKey: key, confirmationCode: code });
              void notify.success(`Your ${key === 'email' ? 'email address' : 'phone number'} is verified.`);
              setPending((current) => current.filter((k) => k !== key));
              await load();
            });
          }}
        >
          <TextField
            label={`Code to verify your ${key === 'email' ? 'email address' : 'phone number'}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={codes[key] ?? ''}
            onChange={(e) => setCodes((current) => ({ ...current, [key]: e.target.value }))}
            error={errorFor(verify.error, 'code')}
          />
          <Button type="submit" busy={verify.busy}>
            Verify
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void verify.run(async () => {
                const sent = await account.sendUserAttributeVerificationCode({ userAttributeKey: key });
                void notify.success(`We sent a code${sent.destination === undefined ? '' : ` to ${sent.destination}`}.`);
              })
            }
          >
            Send a code
          </Button>
        </form>
      ))}
    </section>
  );
}

function PasswordSection({ account }: { account: AccountPort }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const action = useAsyncAction();
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 className="card__title" id="password-title">
        Password
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          try {
            assertUpdatePasswordInput({ oldPassword, newPassword });
            if (!checkPasswordPolicy(newPassword).valid) throw new FieldProblem('newPassword', 'This password does not meet the requirements below.');
          } catch (invalid) {
            action.setError(invalid);
            return;
          }
          void action.run(async () => {
            await account.updatePassword({ oldPassword, newPassword });
            void notify.success('Your password is changed.');
            setOldPassword('');
            setNewPassword('');
          });
        }}
      >
        <LiveRegion message={action.error?.field === 'form' ? action.error.message : null} detail={action.error?.detail} />
        <TextField label="Current password" type="password" autoComplete="current-password" value={oldPassword} onChange={(e) => setOldPassword(e.target.value)} error={errorFor(action.error, ['oldPassword', 'password'])} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={errorFor(action.error, 'newPassword')}
          hint={<PasswordChecklist password={newPassword} />}
        />
        <Button type="submit" busy={action.busy}>
          Change password
        </Button>
      </form>
    </section>
  );
}

/**
 * The preference update that makes `method` preferred: it is turned on if it was off, the other
 * methods that were on stay on. (TOTP can only be turned on by setting up the app.)
 */
export function preferenceUpdate(method: AuthMFAType, enabled: readonly AuthMFAType[]): { sms?: 'PREFERRED' | 'ENABLED'; totp?: 'PREFERRED' | 'ENABLED'; email?: 'PREFERRED' | 'ENABLED' } {
  const setting = (candidate: AuthMFAType): 'PREFERRED' | 'ENABLED' | undefined => (candidate === method ? 'PREFERRED' : enabled.includes(candidate) ? 'ENABLED' : undefined);
  const update: { sms?: 'PREFERRED' | 'ENABLED'; totp?: 'PREFERRED' | 'ENABLED'; email?: 'PREFERRED' | 'ENABLED' } = {};
  const sms = setting('SMS');
  const totp = setting('TOTP');
  const email = setting('EMAIL');
  if (sms !== undefined) update.sms = sms;
  if (totp !== undefined) update.totp = totp;
  if (email !== undefined) update.email = email;
  return update;
}

function MfaSection({ account }: { account: AccountPort }) {
  const [preference, setPreference] = useState<FetchMFAPreferenceOutput | null>(null);
  const [setup, setSetup] = useState<AuthTOTPSetupDetails | null>(null);
  const [code, setCode] = useState('');
  const username = useUserStore((state) => state.email ?? state.userId ?? 'Steward user');
  const action = useAsyncAction();

  const load = useCallback(async () => setPreference(await account.fetchMFAPreference()), [account]);
  useEffect(() => {
    load().catch((error: unknown) => action.setError(error));
  }, [load, action.setError]);

  if (preference === null) return <Spinner label="Loading your sign-in checks" />;
  const enabled = preference.enabled ?? [];
  const choose = (method: AuthMFAType): void => {
    void action.run(async () => {
      await account.updateMFAPreference(preferenceUpdate(method, enabled));
      void notify.success(`${MFA_LABELS[method].title} is now your preferred sign-in check.`);
      await load();
    });
  };

  return (
    <section className="card" aria-labelledby="mfa-title">
      <h2 className="card__title" id="mfa-title">
        Two-step sign-in
      </h2>
      <LiveRegion message={action.error?.field === 'code' ? null : action.error?.message} detail={action.error?.detail} />
      {enabled.length === 0 ? <p>No second step is set up yet.</p> : null}
      <fieldset className="choice-list">
        <legend>Preferred sign-in check</legend>
        {(['TOTP', 'SMS', 'EMAIL'] as const).map((method) => (
          <label key={method} className="choice">
            <input
              type="radio"
              name="preferred-mfa"
              value={method}
              checked={preference.preferred === method}
              disabled={(method === 'TOTP' && !enabled.includes('TOTP')) || action.busy}
              onChange={() => choose(method)}
            />
            <span>
              <strong>{MFA_LABELS[method].title}</strong>
              <span className="choice__hint">
                {preference.preferred === method ? 'Preferred' : enabled.includes(method) ? 'On' : method === 'TOTP' ? 'Set up the app below first' : 'Off: choose to turn on'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {setup === null ? (
        <Button variant="secondary" busy={action.busy} onClick={() => void action.run(async () => setSetup(await account.setUpTOTP()))}>
          {enabled.includes('TOTP') ? 'Move the authenticator app to a new phone' : 'Set up an authenticator app'}
        </Button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void action.run(async () => {
              if (code.trim() === '') throw new FieldProblem('code', 'Enter the 6-digit code your authenticator app shows.');
              await account.verifyTOTPSetup({ code: code.replace(/\s+/g, ''), options: { friendlyDeviceName: 'Authenticator app' } });
              await account.updateMFAPreference({ totp: 'PREFERRED' });
              void notify.success('Your authenticator app is set up.');
              setSetup(null);
              setCode('');
              await load();
            });
          }}
        >
          <div className="totp-setup">
            <div className="totp-setup__qr">
              <QRCodeSVG value={setup.getSetupUri(TOTP_ISSUER, username).toString()} size={160} marginSize={2} title="QR code for your authenticator app" />
            </div>
            <div>
              <p className="totp-setup__label">Can’t scan? Enter this key in the app:</p>
              <code className="totp-setup__secret">{groupSecret(setup.sharedSecret)}</code>
              <CopyButton text={setup.sharedSecret} label="Copy the key" />
            </div>
          </div>
          <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={errorFor(action.error, 'code')} autoFocus />
          <div className="row">
            <Button type="submit" busy={action.busy}>
              Verify and turn on
            </Button>
            <Button variant="secondary" onClick={() => setSetup(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function DevicesSection({ account }: { account: AccountPort }) {
  const [devices, setDevices] = useState<AWSAuthDevice[] | null>(null);
  const action = useAsyncAction();
  const load = useCallback(async () => setDevices(await account.fetchDevices()), [account]);
  useEffect(() => {
    load().catch((error: unknown) => {
      action.setError(error);
      setDevices([]);
    });
  }, [load, action.setError]);
  // Only devices the user chose to remember skip the second step; "Not now" sign-ins are listed apart.
  const { remembered, recent } = splitDevices(devices ?? []);
  const lastUsed = (device: AWSAuthDevice) => <span className="muted">Last used {formatValue(device.lastAuthenticatedDate?.toISOString(), 'datetime')}</span>;
  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 className="card__title" id="devices-title">
        Remembered devices
      </h2>
      <LiveRegion message={action.error?.message} detail={action.error?.detail} />
      {devices === null ? (
        <Spinner label="Loading your devices" />
      ) : (
        <>
          <p className="muted">A remembered device signs in without the second step.</p>
          {remembered.length === 0 ? (
            <p className="muted">No remembered devices.</p>
          ) : (
            <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="Remembered devices">
              {remembered.map((device) => (
                <li key={device.id} className="row notification">
                  <span style={{ flex: 1 }}>
                    <strong>{deviceLabel(device.name ?? device.attributes.device_name)}</strong>
                    <br />
                    {lastUsed(device)}
                  </span>
                  <Button
                    variant="secondary"
                    busy={action.busy}
                    onClick={() =>
                      void action.run(async () => {
                        await account.forgetDevice({ device: { id: device.id } });
                        void notify.success('The device is forgotten.');
                        await load();
                      })
                    }
                  >
                    Forget<span className="visually-hidden"> {deviceLabel(device.name ?? device.attributes.device_name)}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <h3 className="card__subtitle" id="recent-sign-ins-title">
            Recent sign-ins
          </h3>
          {recent.length === 0 ? (
            <p className="muted">No other sign-ins.</p>
          ) : (
            <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-labelledby="recent-sign-ins-title">
              {recent.map((device) => (
                <li key={device.id} className="notification">
                  <strong>{deviceLabel(device.name ?? device.attributes.device_name)}</strong>
                  <br />
                  {lastUsed(device)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function PasskeysSection({ account }: { account: AccountPort }) {
  const [passkeys, setPasskeys] = useState<AuthWebAuthnCredential[] | null>(null);
  const action = useAsyncAction();
  const load = useCallback(async () => setPasskeys((await account.listWebAuthnCredentials()).credentials), [account]);
  useEffect(() => {
    load().catch((error: unknown) => {
      action.setError(error);
      setPasskeys([]);
    });
  }, [load, action.setError]);
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 className="card__title" id="passkeys-title">
        Passkeys
      </h2>
      <LiveRegion message={action.error?.message} detail={action.error?.detail} />
      {passkeys === null ? (
        <Spinner label="Loading your passkeys" />
      ) : passkeys.length === 0 ? (
        <p className="muted">No passkeys yet. A passkey lets you sign in with your fingerprint, face or screen lock.</p>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {passkeys.map((passkey) => (
            <li key={passkey.credentialId} className="row notification">
              <span style={{ flex: 1 }}>
                <strong>{passkey.friendlyCredentialName ?? 'Passkey'}</strong>
                <br />
                <span className="muted">Added {formatValue(passkey.createdAt?.toISOString(), 'datetime')}</span>
              </span>
              <Button
                variant="secondary"
                busy={action.busy}
                onClick={() =>
                  void action.run(async () => {
                    if (passkey.credentialId === undefined) return;
                    await account.deleteWebAuthnCredential({ credentialId: passkey.credentialId });
                    void notify.success('The passkey is removed.');
                    await load();
                  })
                }
              >
                Remove<span className="visually-hidden"> {passkey.friendlyCredentialName ?? 'passkey'}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        busy={action.busy}
        onClick={() =>
          void action.run(async () => {
            await account.associateWebAuthnCredential();
            void notify.success('Your passkey is added.');
            await load();
          })
        }
      >
        Add a passkey
      </Button>
    </section>
  );
}

/** Profile › Sign-in history: the user's own recent sign-ins, from the audit trail (GET /account/sign-ins, their own only). */
function SignInHistorySection({ account }: { account: AccountPort }) {
  const { config, fetch: fetchFn } = useServices();
  const [signIns, setSignIns] = useState<OwnSignIn[] | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  useEffect(() => {
    let current = true;
    fetchOwnSignIns(fetchFn, signInHistoryUrl(config.adminApiEndpoint), account.accessToken)
      .then((found) => current && setSignIns(found))
      .catch((error: unknown) => {
        if (!current) return;
        setProblem(error instanceof WebError ? { message: error.message, detail: error.recoverySuggestion } : { message: 'Your recent sign-ins could not be loaded.' });
        setSignIns([]);
      });
    return () => {
      current = false;
    };
  }, [account, config.adminApiEndpoint, fetchFn]);
  return (
    <section className="card" aria-labelledby="sign-in-history-title">
      <h2 className="card__title" id="sign-in-history-title">
        Sign-in history
      </h2>
      <p className="muted">Your latest sign-ins, refused ones too. One you do not recognise? Change your password and sign out everywhere.</p>
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      {signIns === null ? (
        <Spinner label="Loading your sign-ins" />
      ) : signIns.length === 0 ? (
        <p className="muted">No sign-ins recorded yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table sign-in-history">
            <caption className="visually-hidden">Your recent sign-ins, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Result</th>
                <th scope="col">Device</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((signIn, index) => (
                <tr key={`${signIn.at}-${index}`}>
                  <td>
                    <time dateTime={signIn.at}>{formatValue(signIn.at, 'datetime')}</time>
                  </td>
                  <td>
                    <span className={signIn.outcome === 'success' ? 'badge badge--good' : 'badge badge--bad'}>{signIn.outcome === 'success' ? 'Signed in' : 'Refused'}</span>
                    {signIn.outcome === 'failure' ? <span className="muted"> {failureReason(signIn.reason)}</span> : null}
                  </td>
                  <td title={signIn.userAgent ?? undefined}>{signIn.device ?? 'Unknown device'}</td>
                  <td>{signIn.ip ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /settings/profile: details with verification, password, two-step sign-in, devices, sign-in history and passkeys. */
export function ProfilePage() {
  const account = useAccountPort();
  return (
    <section className="page">
      <PageHeader title="Profile" description="Your details and how you sign in." />
      {account === null ? (
        <Spinner label="Loading your profile" />
      ) : (
        <>
          <DetailsSection account={account} />
          <PasswordSection account={account} />
          <MfaSection account={account} />
          <DevicesSection account={account} />
          <SignInHistorySection account={account} />
          <PasskeysSection account={account} />
        </>
      )}
    </section>
  );
}
