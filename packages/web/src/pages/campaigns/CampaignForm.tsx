import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useServices } from '../../app/ports-context';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { TextField } from '../../ui/TextField';
import { notify } from '../../ui/notify';
import { describeDataError } from '../entities/data-errors';
import type { DataProblem } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import { textOf } from '../entities/format';
import type { EntityRow } from '../entities/entity-access';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { CAMPAIGN_CHANNELS, CHANNEL_LABELS, MESSAGE_CHANNELS, US_TIME_ZONES, emptyCampaignForm, validateCampaignForm } from './campaign-form';
import type { CampaignChannel, CampaignFormErrors, CampaignFormValues } from './campaign-form';
import { MessagePreview } from './MessagePreview';

/** A labelled select with its error text read out with it (TextField's pattern for selects). */
function SelectField({ label, value, onChange, error, children, name }: { label: string; value: string; onChange: (value: string) => void; error: string | undefined; children: ReactNode; name: string }) {
  const id = useId();
  const errorId = error === undefined ? undefined : `${id}-error`;
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="field__input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error === undefined ? undefined : true} aria-describedby={errorId}>
        {children}
      </select>
      {errorId === undefined ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The "New campaign" form: checks every field before anything is sent, then creates a draft campaign. */
export function CampaignForm({ clients, createdBy, onCreated, onCancel }: { clients: readonly EntityRow[]; createdBy: string | null; onCreated: (campaign: EntityRow) => void; onCancel: () => void }) {
  const { data } = useServices();
  const [values, setValues] = useState<CampaignFormValues>(() => emptyCampaignForm());
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [problem, setProblem] = useState<DataProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]): void => setValues((v) => ({ ...v, [key]: value }));
  const setWindow = (index: number, part: 'start' | 'end', value: string): void =>
    setValues((v) => ({ ...v, dailyWindows: v.dailyWindows.map((w, i) => (i === index ? { ...w, [part]: value } : w)) }));
  const zones = US_TIME_ZONES.includes(values.timeZone) ? US_TIME_ZONES : [values.timeZone, ...US_TIME_ZONES];
  const needsMessage = values.channel !== '' && MESSAGE_CHANNELS.includes(values.channel);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setProblem(null);
    const result = validateCampaignForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      setProblem({ message: 'Some fields need another look.', detail: 'Each one says what is wrong under it.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const created = await entityAccess(data, 'CampaignMdl').create({ ...result.input, ...(createdBy === null ? {} : { createdBy }) });
      void notify.success(`Campaign “${result.input.campaignName}” created. Build its plan next.`);
      onCreated(created);
    } catch (failure) {
      setProblem(describeDataError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card campaign-form" aria-label="New campaign" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="card__title">New campaign</h2>
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <div className="field-pair">
        {/* The form opens on request: the keyboard starts where the typing does. */}
        <TextField autoFocus label="Campaign name" name="campaignName" value={values.campaignName} onChange={(e) => set('campaignName', e.target.value)} error={errors.campaignName} />
        <SelectField label="Channel" name="channel" value={values.channel} onChange={(value) => set('channel', value as CampaignChannel | '')} error={errors.channel}>
          <option value="">Choose a channel</option>
          {CAMPAIGN_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Description (optional)" name="description" value={values.description} onChange={(e) => set('description', e.target.value)} />

      <fieldset className="campaign-form__group">
        <legend>Which accounts</legend>
        <SelectField label="Client" name="clientNumber" value={values.clientNumber} onChange={(value) => set('clientNumber', value)} error={errors.clientNumber}>
          <option value="">All clients</option>
          {clients.map((client) => (
            <option key={client.id} value={textOf(client.clientNumber, '')}>
              {`${textOf(client.clientName, 'Client')} (${textOf(client.clientNumber, '')})`}
            </option>
          ))}
        </SelectField>
        <fieldset className="campaign-form__statuses">
          <legend className="field__label">Account statuses (none chosen: all)</legend>
          <div className="row">
            {Object.entries(ACCOUNT_STATUS).map(([code, label]) => (
              <label key={code} className="campaign-form__check">
                <input
                  type="checkbox"
                  name="statuses"
                  value={code}
                  checked={values.statuses.includes(code)}
                  onChange={(e) => set('statuses', e.target.checked ? [...values.statuses, code] : values.statuses.filter((s) => s !== code))}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field-pair">
          <TextField label="Balance from ($)" name="balanceMin" inputMode="decimal" placeholder="0.00" value={values.balanceMin} onChange={(e) => set('balanceMin', e.target.value)} error={errors.balanceMin} />
          <TextField label="Balance up to ($)" name="balanceMax" inputMode="decimal" placeholder="no limit" value={values.balanceMax} onChange={(e) => set('balanceMax', e.target.value)} error={errors.balanceMax} />
        </div>
        <div className="field-pair">
          <TextField label="Days past due from" name="daysPastDueMin" inputMode="numeric" value={values.daysPastDueMin} onChange={(e) => set('daysPastDueMin', e.target.value)} error={errors.daysPastDueMin} />
          <TextField label="Days past due up to" name="daysPastDueMax" inputMode="numeric" value={values.daysPastDueMax} onChange={(e) => set('daysPastDueMax', e.target.value)} error={errors.daysPastDueMax} />
        </div>
      </fieldset>

      <fieldset className="campaign-form__group">
        <legend>When</legend>
        <div className="field-pair">
          <TextField label="First day" name="startDate" type="date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} error={errors.startDate} />
          <TextField label="Last day" name="endDate" type="date" value={values.endDate} onChange={(e) => set('endDate', e.target.value)} error={errors.endDate} />
        </div>
        <SelectField label="Time zone of the daily windows" name="timeZone" value={values.timeZone} onChange={(value) => set('timeZone', value)} error={errors.timeZone}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <fieldset className="campaign-form__windows">
          <legend className="field__label">Daily windows (24-hour HH:MM, the end is not included)</legend>
          {errors.dailyWindows === undefined ? null : <p className="field__error">{errors.dailyWindows}</p>}
          {values.dailyWindows.map((window, index) => (
            <div className="campaign-form__window" key={index}>
              <TextField label={`Window ${index + 1} starts`} name={`window-${index}-start`} placeholder="09:00" value={window.start} onChange={(e) => setWindow(index, 'start', e.target.value)} error={errors[`dailyWindows.${index}.start`]} />
              <TextField label={`Window ${index + 1} ends`} name={`window-${index}-end`} placeholder="17:00" value={window.end} onChange={(e) => setWindow(index, 'end', e.target.value)} error={errors[`dailyWindows.${index}.end`]} />
              <Button variant="link" onClick={() => set('dailyWindows', values.dailyWindows.filter((_, i) => i !== index))}>
                Remove<span className="visually-hidden"> window {index + 1}</span>
              </Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => set('dailyWindows', [...values.dailyWindows, { start: '', end: '' }])}>
            Add a window
          </Button>
        </fieldset>
        <TextField
          label="Most contacts per account"
          name="maxAttemptsPerAccount"
          inputMode="numeric"
          hint="At most one a day over the campaign."
          value={values.maxAttemptsPerAccount}
          onChange={(e) => set('maxAttemptsPerAccount', e.target.value)}
          error={errors.maxAttemptsPerAccount}
        />
      </fieldset>

      {values.channel === 'email' ? (
        <TextField
          label="Email subject"
          name="messageSubject"
          hint="Empty: “About your account” and the file number. The campaign's name is never shown to consumers."
          value={values.messageSubject}
          onChange={(e) => set('messageSubject', e.target.value)}
          error={errors.messageSubject}
        />
      ) : null}
      {needsMessage ? (
        <div className={errors.messageTemplate === undefined ? 'field' : 'field field--invalid'}>
          <label className="field__label" htmlFor="campaign-message">
            Message
          </label>
          <textarea
            id="campaign-message"
            name="messageTemplate"
            className="field__input"
            rows={4}
            value={values.messageTemplate}
            onChange={(e) => set('messageTemplate', e.target.value)}
            aria-invalid={errors.messageTemplate === undefined ? undefined : true}
            aria-describedby={errors.messageTemplate === undefined ? 'campaign-message-hint' : 'campaign-message-hint campaign-message-error'}
          />
          <div className="field__hint" id="campaign-message-hint">
            {'{{debtor.firstName}}, {{debtor.lastName}}, {{account.fileNumber}}, {{account.balance}} and {{client.name}} are filled in for each consumer. The debt-collector disclosure and a way to opt out are always added.'}
          </div>
          {errors.messageTemplate === undefined ? null : (
            <p className="field__error" id="campaign-message-error">
              {errors.messageTemplate}
            </p>
          )}
        </div>
      ) : null}
      {values.channel === 'email' || values.channel === 'sms' ? <MessagePreview channel={values.channel} subject={values.channel === 'email' ? values.messageSubject : ''} body={values.messageTemplate} /> : null}

      <div className="row">
        <Button type="submit" busy={busy}>
          Create campaign
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
