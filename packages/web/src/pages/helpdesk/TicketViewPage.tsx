import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { displayName, useUserStore } from '../../stores/user-store';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { describeDataError } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import type { EntityRow } from '../entities/entity-access';
import { EntityDetails } from '../entities/EntityDetails';
import { formatValue, textOf } from '../entities/format';
import { RecordState } from '../entities/RecordState';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { labelOf, optionsOf } from '../entities/code-tables';
import { TICKET_PRIORITY, TICKET_STATUS } from './ticket-codes';

/** A ticket comment as stored in its comments JSON. */
interface TicketComment {
  at: string;
  by: string;
  text: string;
}

/** The comments of a ticket (its comments JSON; anything unreadable counts as none). */
export function ticketComments(row: EntityRow): TicketComment[] {
  try {
    const parsed: unknown = typeof row.comments === 'string' ? JSON.parse(row.comments) : row.comments;
    return Array.isArray(parsed) ? (parsed as TicketComment[]).filter((c) => typeof c?.text === 'string') : [];
  } catch {
    return [];
  }
}

function TicketBody({ row, onSaved }: { row: EntityRow; onSaved: (row: EntityRow) => void }) {
  const { data } = useServices();
  const user = useUserStore();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const comments = ticketComments(row);

  const save = async (patch: Record<string, unknown>, done: string): Promise<void> => {
    setBusy(true);
    try {
      onSaved(await entityAccess(data, 'TicketMdl').update({ id: row.id, ...patch }));
      void notify.success(done);
    } catch (failure) {
      void notify.error(describeDataError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="card">
        <h2 className="card__title">{textOf(row.subject, 'Ticket')}</h2>
        <EntityDetails
          row={row}
          fields={[
            { key: 'status', label: 'Status', codes: TICKET_STATUS },
            { key: 'priority', label: 'Priority', codes: TICKET_PRIORITY },
            { key: 'category', label: 'Category' },
            { key: 'assignee', label: 'Assignee' },
            { key: 'dueDate', label: 'Due', kind: 'date' },
            { key: 'description', label: 'Description' },
            { key: 'createdAt', label: 'Opened', kind: 'datetime' },
          ]}
        />
        <div className="row" style={{ marginTop: 12 }}>
          <label className="field__label" htmlFor="ticket-status">
            Change status
          </label>
          <select id="ticket-status" className="select" style={{ flex: '0 0 200px' }} value={textOf(row.status, '')} disabled={busy} onChange={(e) => void save({ status: e.target.value }, `Status set to ${labelOf(TICKET_STATUS, e.target.value)}.`)}>
            {optionsOf(TICKET_STATUS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="card">
        <h2 className="card__title">Comments</h2>
        {comments.length === 0 ? <p className="muted">No comments yet.</p> : null}
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {comments.map((c, index) => (
            <li key={index} className="notification">
              <strong>{c.by}</strong> <span className="muted">{formatValue(c.at, 'datetime')}</span>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (comment.trim() === '') return;
            void save({ comments: JSON.stringify([...comments, { at: new Date().toISOString(), by: displayName(user), text: comment.trim() }]) }, 'Comment added.').then(() => setComment(''));
          }}
        >
          <TextField label="Add a comment" value={comment} onChange={(e) => setComment(e.target.value)} />
          <Button type="submit" busy={busy}>
            Add comment
          </Button>
        </form>
      </div>
    </>
  );
}

/** /apps/helpdesk/tickets/ticket-view?id=: one ticket, its status and comments. */
export function TicketViewPage() {
  const [params] = useSearchParams();
  const { state, setRow } = useEntity('TicketMdl', params.get('id'));
  return (
    <section className="page">
      <PageHeader title="Ticket" actions={<Link to="/apps/helpdesk/tickets">All tickets</Link>} />
      <RecordState state={state} noun="ticket" backTo="/apps/helpdesk/tickets" backLabel="Choose a ticket">
        {(row) => <TicketBody row={row} onSaved={setRow} />}
      </RecordState>
    </section>
  );
}
