import { useState } from 'react';
import { sessionLengthFrom } from '@steward/data-client';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { useUserStore } from '../../stores/user-store';
import type { UserRecord } from '../../stores/user-store';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { TextField } from '../../ui/TextField';
import { describeDataError, fieldRefusal } from '../entities/data-errors';
import { PageHeader } from '../PageHeader';

/** The settings object of a config JSON text: an object, or the first element of an array. */
export function settingsOf(json: string | null | undefined): Record<string, unknown> {
  if (json === null || json === undefined || json === '') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    const value: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Parses a setting typed into the form: JSON when it reads as JSON (numbers, true, objects), else the text. */
export function parseSettingValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The settings in force, read the way data-client reads them at sign-in: the config record's
 * `config` first, then its `configJson`, then the user's `userConfig` (the first that has a key wins).
 */
export function effectiveSettings(config: { config?: string | null; configJson?: string | null } | null, userConfig: string | null): Record<string, unknown> {
  return { ...settingsOf(userConfig), ...settingsOf(config?.configJson), ...settingsOf(config?.config) };
}

/** Checks a typed session length; a message in plain words, or null when it is fine. */
export function sessionLengthProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter the session length in seconds.';
  if (!/^\d+$/.test(trimmed)) return 'Enter the session length as a whole number of seconds, like 3600 for one hour.';
  const seconds = Number(trimmed);
  return seconds < 60 || seconds > 86_400 ? 'Enter a session length from 60 to 86400 seconds (one minute to one day).' : null;
}

/** /settings/system: the signed-in user's config (sessionLength and other keys), saved through data-client. */
export function SystemPage() {
  const { data } = useServices();
  const user = useUserStore();
  const settings = effectiveSettings(user.config, user.userConfig);
  // The value sign-in will use, not a default: the field must show what saving would overwrite.
  const storedLength = sessionLengthFrom(user.config?.config, user.config?.configJson, user.userConfig);
  // null until the user types, so the field follows the stored value when the store changes.
  const [lengthDraft, setLengthDraft] = useState<string | null>(null);
  const sessionLength = lengthDraft ?? String(storedLength);
  const [lengthError, setLengthError] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);

  const [valueError, setValueError] = useState<string | null>(null);

  const save = async (settingKey: string, settingValue: unknown, form: 'length' | 'other'): Promise<boolean> => {
    setValueError(null);
    setProblem(null);
    setBusy(true);
    try {
      const current: UserRecord | null = user.user_id === null || user.userId === null ? null : { id: user.user_id, userId: user.userId, userConfig: user.userConfig };
      const saved = await data.saveSetting({ user: current, config: user.config }, settingKey, settingValue);
      if (saved.user !== null) useUserStore.getState().setUser({ ...current, ...saved.user, id: saved.user.id, userId: saved.user.userId }, saved.config);
      void notify.success(`Saved ${settingKey}.`);
      return true;
    } catch (failure) {
      // The typed values stay in the form so the user can try again.
      const refused = fieldRefusal(failure);
      if (refused?.errorType === 'SettingOutOfBoundsException') {
        const { setting, min, max } = refused.info;
        const message = `${String(setting)} must be from ${String(min)} to ${String(max)} seconds; it was not saved.`;
        // Shown by the field the value was typed in.
        if (form === 'length') setLengthError(message);
        else setValueError(message);
        setProblem({ message, detail: refused.message });
      } else setProblem(describeDataError(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page">
      <PageHeader title="System" description="Your configuration. Changes are saved to your user record and your config record." />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      {user.isTemporary ? <p className="card">You have no user record yet, so settings last only until you sign out.</p> : null}
      <form
        className="card"
        aria-label="Session length"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const invalid = sessionLengthProblem(sessionLength);
          setLengthError(invalid);
          if (invalid !== null) return;
          void save('sessionLength', Number(sessionLength.trim()), 'length').then((ok) => {
            if (ok) setLengthDraft(null);
          });
        }}
      >
        <h2 className="card__title">Session length</h2>
        <TextField
          label="Session length (seconds)"
          inputMode="numeric"
          value={sessionLength}
          onChange={(e) => {
            setLengthDraft(e.target.value);
            setLengthError(null);
          }}
          error={lengthError}
          hint={`How long a sign-in lasts before you are asked to sign in again (now ${storedLength} seconds). Applies from your next sign-in.`}
        />
        <Button type="submit" busy={busy}>
          Save session length
        </Button>
      </form>
      <form
        className="card"
        aria-label="Other setting"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (key.trim() === '') {
            setKeyError('Enter the name of the setting.');
            return;
          }
          setKeyError(null);
          void save(key.trim(), parseSettingValue(value), 'other').then((ok) => {
            if (ok) {
              setKey('');
              setValue('');
            }
          });
        }}
      >
        <h2 className="card__title">Other settings</h2>
        <div className="card-grid">
          <TextField
            label="Setting"
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              setKeyError(null);
            }}
            error={keyError}
          />
          <TextField
            label="Value"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setValueError(null);
            }}
            hint="Text, a number, true/false or JSON."
            error={valueError}
          />
        </div>
        <Button type="submit" busy={busy}>
          Save setting
        </Button>
      </form>
      <div className="card">
        <h2 className="card__title">Current configuration</h2>
        {Object.keys(settings).length === 0 ? (
          <p className="muted">No settings saved yet.</p>
        ) : (
          <dl className="details" data-testid="current-settings">
            {Object.entries(settings).map(([name, setting]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>{name}</dt>
                <dd className="mono">{JSON.stringify(setting)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
