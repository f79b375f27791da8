import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useServices } from '../../app/ports-context';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/notify';
import type { DataProblem } from '../entities/data-errors';
import { textOf } from '../entities/format';
import type { EntityRow } from '../entities/entity-access';
import { CHANNEL_LABELS } from './campaign-form';
import type { CampaignChannel } from './campaign-form';
import { dayTitle } from './plan-calendar';
import { ENTRY_STATUS_LABELS, isOpenTask, outcomeLabel, outcomesFor, reasonsInWords } from './plan-entries';
import { campaignProblem, loadPlanDay, useCampaignOperations, useLoaded } from './scheduler-data';
import { timeInZone, viewerTimeZone, zonePlace } from './zone-time';

function channelLabel(channel: unknown): string {
  return typeof channel === 'string' && Object.hasOwn(CHANNEL_LABELS, channel) ? CHANNEL_LABELS[channel as CampaignChannel] : textOf(channel, '–');
}

/** Staff completing a call or letter: what came of it, and whether they spoke with the consumer. */
function RecordOutcome({ entry, onRecorded, onCancel }: { entry: EntityRow; onRecorded: () => void; onCancel: () => void }) {
  const operations = useCampaignOperations();
  const [outcome, setOutcome] = useState('');
  const [conversation, setConversation] = useState(false);
  const [problem, setProblem] = useState<DataProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const file = textOf(entry.fileNumber, entry.id);
  // A conversation (which starts the cooldown of Regulation F) happens on calls only; the server refuses it for letters.
  const isCall = entry.channel === 'call';

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (outcome === '') {
      setProblem({ message: 'Choose what came of the contact.' });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await (await operations()).recordCampaignContactOutcome({ id: entry.id, outcome, conversation: isCall && conversation });
      void notify.success(`Outcome recorded for file ${file}.`);
      onRecorded();
    } catch (failure) {
      setProblem(campaignProblem(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card record-outcome" aria-label={`Record the outcome for file ${file}`} onSubmit={(event) => void submit(event)}>
      <h4 className="card__title">Record the outcome for file {file}</h4>
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <div className="field">
        <label className="field__label" htmlFor="task-outcome">
          Outcome
        </label>
        <select id="task-outcome" name="outcome" className="field__input" value={outcome} onChange={(e) => setOutcome(e.target.value)}>
          <option value="">Choose an outcome</option>
          {outcomesFor(entry.channel).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {isCall ? (
        <label className="campaign-form__check">
          <input type="checkbox" name="conversation" checked={conversation} onChange={(e) => setConversation(e.target.checked)} />
          We spoke with the consumer
        </label>
      ) : null}
      <div className="row">
        <Button type="submit" busy={busy}>
          Save outcome
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One campaign-zone day of a plan in time order: who is contacted when, and why refused entries are refused. */
export function DayPlan({ campaignId, date, timeZone, onChanged }: { campaignId: string; date: string; timeZone: string; onChanged: () => void }) {
  const { data } = useServices();
  const load = useCallback(() => loadPlanDay(data, campaignId, date), [data, campaignId, date]);
  const { state, reload } = useLoaded(load);
  const [recording, setRecording] = useState<EntityRow | null>(null);
  const viewerZone = viewerTimeZone();
  const showViewer = viewerZone !== timeZone;

  return (
    <section className="day-plan" aria-labelledby="day-plan-title">
      <h3 id="day-plan-title">{dayTitle(date)}</h3>
      {state.status === 'loading' ? <Spinner label="Loading the day's contacts" /> : null}
      {state.status === 'failed' ? <LiveRegion message={state.problem.message} detail={state.problem.detail} /> : null}
      {state.status === 'ready' && state.value.length === 0 ? <p className="muted">No contacts on this day.</p> : null}
      {state.status === 'ready' && state.value.length > 0 ? (
        // Focusable so keyboard users can scroll the table sideways when it is wider than the page.
        <div className="table-wrap" tabIndex={0} role="group" aria-label={`Contacts of ${dayTitle(date)}`}>
          <table className="table day-plan__table">
            <caption className="visually-hidden">Contacts of {dayTitle(date)} by planned time</caption>
            <thead>
              <tr>
                <th scope="col">Time ({zonePlace(timeZone)})</th>
                {showViewer ? <th scope="col">Your time</th> : null}
                <th scope="col">File</th>
                <th scope="col">Debtor</th>
                <th scope="col">Channel</th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {state.value.map((entry) => {
                const reasons = entry.status === 'refused' ? reasonsInWords(entry.reasons) : [];
                return (
                  <tr key={entry.id} data-status={textOf(entry.status, '')}>
                    <td className="mono">{timeInZone(entry.plannedAt as string | null, timeZone)}</td>
                    {showViewer ? <td className="mono">{timeInZone(entry.plannedAt as string | null, viewerZone)}</td> : null}
                    <td className="day-plan__file">{textOf(entry.fileNumber, '–')}</td>
                    <td className="day-plan__debtor">{textOf(entry.debtorName, '–')}</td>
                    <td>{channelLabel(entry.channel)}</td>
                    <td>
                      <span className={entry.status === 'refused' || entry.status === 'failed' ? 'badge badge--bad' : entry.status === 'done' || entry.status === 'sent' ? 'badge badge--good' : 'badge'}>
                        {ENTRY_STATUS_LABELS[textOf(entry.status)] ?? textOf(entry.status, '–')}
                      </span>
                    </td>
                    <td className="day-plan__details">
                      {reasons.length > 0 ? (
                        <ul className="day-plan__reasons">
                          {reasons.map((reason) => (
                            <li key={reason}>{reason}</li>
                          ))}
                        </ul>
                      ) : null}
                      {typeof entry.outcome === 'string' && entry.outcome !== '' ? <span>{outcomeLabel(entry.outcome)}</span> : null}
                      {isOpenTask(entry) ? (
                        <Button variant="link" onClick={() => setRecording(entry)}>
                          Record outcome<span className="visually-hidden"> for file {textOf(entry.fileNumber, '')}</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {recording === null ? null : (
        <RecordOutcome
          key={recording.id}
          entry={recording}
          onCancel={() => setRecording(null)}
          onRecorded={() => {
            setRecording(null);
            reload();
            onChanged();
          }}
        />
      )}
    </section>
  );
}
