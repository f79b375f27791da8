import { useState } from 'react';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { TextField } from '../../ui/TextField';
import { describeDataError } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import { optionsOf } from '../entities/code-tables';
import { EntityList } from '../entities/EntityList';
import { PageHeader } from '../PageHeader';
import { TICKET_PRIORITY, TICKET_STATUS } from './ticket-codes';

/** /apps/helpdesk/tickets: tickets (TicketMdl) with filters and pages, and a form for a new one. */
export function TicketsPage() {
  const { data } = useServices();
  const [reloadKey, setReloadKey] = useState(0);
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<string>('MEDIUM');
  const [problem, setProblem] = useState<{ message: string; detail?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (): Promise<void> => {
    setProblem(null);
    if (subject.trim() === '') {
      setProblem({ message: 'Give the ticket a subject.' });
      return;
    }
    setBusy(true);
    try {
      await entityAccess(data, 'TicketMdl').create({ subject: subject.trim(), description, priority, status: 'OPEN', timelineEvents: JSON.stringify([{ at: new Date().toISOString(), event: 'created' }]) });
      void notify.success('Ticket created.');
      setSubject('');
      setDescription('');
      setReloadKey((key) => key + 1);
    } catch (failure) {
      setProblem(describeDataError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page">
      <PageHeader title="Helpdesk tickets" description="Questions and issues raised by staff and clients." />
      <EntityList
        entity="TicketMdl"
        noun="ticket"
        reloadKey={reloadKey}
        detailPath={(row) => `/apps/helpdesk/tickets/ticket-view?id=${encodeURIComponent(row.id)}`}
        filters={[
          { key: 'subject', label: 'Subject contains', operator: 'contains' },
          { key: 'status', label: 'Status', operator: 'eq', codes: TICKET_STATUS },
          { key: 'priority', label: 'Priority', operator: 'eq', codes: TICKET_PRIORITY },
        ]}
        columns={[
          { key: 'subject', label: 'Subject' },
          { key: 'status', label: 'Status', codes: TICKET_STATUS },
          { key: 'priority', label: 'Priority', codes: TICKET_PRIORITY },
          { key: 'assignee', label: 'Assignee' },
          { key: 'dueDate', label: 'Due', kind: 'date', sortQuery: 'ticketMdlsByDueDate' },
          { key: 'category', label: 'Category' },
          { key: 'createdAt', label: 'Opened', kind: 'datetime', sortQuery: 'ticketMdlsByCreatedAt' },
        ]}
      />
      <form
        className="card"
        style={{ marginTop: 18 }}
        aria-label="New ticket"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <h2 className="card__title">New ticket</h2>
        <LiveRegion message={problem?.message} detail={problem?.detail} />
        <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        <div className="field">
          <label className="field__label" htmlFor="ticket-description">
            Description
          </label>
          <textarea id="ticket-description" className="field__input" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="ticket-priority">
            Priority
          </label>
          <select id="ticket-priority" className="select" value={priority} onChange={(e) => setPriority(e.target.value)}>
            {optionsOf(TICKET_PRIORITY).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={busy}>
          Create ticket
        </Button>
      </form>
    </section>
  );
}
