import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { describeDataError } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import type { EntityRow } from '../entities/entity-access';
import { EntityDetails } from '../entities/EntityDetails';
import { formatValue, textOf } from '../entities/format';
import { ConflictNotice } from '../entities/ConflictNotice';
import { RecordState } from '../entities/RecordState';
import { useRecordConflict, versionOf } from '../entities/record-conflict';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { labelOf, optionsOf } from '../entities/code-tables';
import { TICKET_PRIORITY, TICKET_STATUS } from './ticket-codes';

/** A ticket comment as stored in its comments JSON (at and by set by the server's append). */
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

function TicketBody({ row, onSaved, onReload }: { row: EntityRow; onSaved: (row: EntityRow) => void; onReload: () => void }) {
  const { data } = useServices();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useRecordConflict();
  const comments = ticketComments(row);
  const tickets = entityAccess(data, 'TicketMdl');

  /** Changes the status expecting the version the page shows; a newer save by someone else is a conflict, not overwritten. */
  const setStatus = async (status: string): Promise<void> => {
    const from = textOf(row.status, '');
    setBusy(true);
    try {
      const written = await guard.attempt(versionOf(row), async (version) => {
        const saved = await tickets.update({ id: row.id, status, _version: version });
        // The history grows on the server: a status change another page makes at the same time is kept too.
        onSaved(await tickets.append({ id: row.id, field: 'timelineEvents', item: { event: 'status', from, to: status } }).catch(() => saved));
      });
      if (written) void notify.success(`Status set to ${labelOf(TICKET_STATUS, status)}.`);
    } catch (failure) {
      void notify.error(describeDataError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  /** Adds a comment on the server: the author and time are the server's, and nobody else's comment is replaced. */
  const addComment = async (text: string): Promise<void> => {
    setBusy(true);
    try {
      onSaved(await tickets.append({ id: row.id, field: 'comments', item: { text } }));
      setComment('');
      void notify.success('Comment added.');
    } catch (failure) {
      void notify.error(describeDataError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ConflictNotice guard={guard} noun="ticket" onReload={(current) => (current === null ? onReload() : onSaved(current))} />
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
          <select id="ticket-status" className="select" style={{ flex: '0 0 200px' }} value={textOf(row.status, '')} disabled={busy} onChange={(e) => void setStatus(e.target.value)}>
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
        <ul className="stack" aria-label="Comments" style={{ listStyle: 'none', padding: 0 }}>
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
            void addComment(comment.trim());
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
  const { state, setRow, reload } = useEntity('TicketMdl', params.get('id'));
  return (
    <section className="page">
      <PageHeader title="Ticket" actions={<Link to="/apps/helpdesk/tickets">All tickets</Link>} />
      <RecordState state={state} noun="ticket" backTo="/apps/helpdesk/tickets" backLabel="Choose a ticket">
        {(row) => <TicketBody row={row} onSaved={setRow} onReload={reload} />}
      </RecordState>
    </section>
  );
}
