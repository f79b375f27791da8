import { Link } from 'react-router-dom';
import { displayName, useUserStore } from '../../stores/user-store';
import { EntityList } from '../entities/EntityList';
import { TICKET_PRIORITY } from '../helpdesk/ticket-codes';
import { PageHeader } from '../PageHeader';

/** The greeting for the hour of the day. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** `/` for staff: open tickets, recent requests and shortcuts. */
export function StaffDashboard() {
  const user = useUserStore();
  return (
    <section className="page">
      <PageHeader title="Dashboard" description={`${greeting(new Date().getHours())}, ${displayName(user)}.`} />
      <div className="card-grid">
        <Link className="stat" to="/mortgages/requests">
          <div className="stat__label">Mortgages</div>
          <div className="stat__value">Requests</div>
        </Link>
        <Link className="stat" to="/apps/helpdesk/tickets">
          <div className="stat__label">Helpdesk</div>
          <div className="stat__value">Tickets</div>
        </Link>
        <Link className="stat" to="/mortgages/estimator">
          <div className="stat__label">Tools</div>
          <div className="stat__value">Estimator</div>
        </Link>
      </div>
      <div className="card">
        <h2 className="card__title">Open tickets</h2>
        <EntityList
          entity="TicketMdl"
          noun="ticket"
          pageSize={5}
          baseFilter={{ status: { eq: 'OPEN' } }}
          detailPath={(row) => `/apps/helpdesk/tickets/ticket-view?id=${encodeURIComponent(row.id)}`}
          columns={[
            { key: 'subject', label: 'Subject' },
            { key: 'priority', label: 'Priority', codes: TICKET_PRIORITY },
            { key: 'dueDate', label: 'Due', kind: 'date' },
          ]}
        />
      </div>
    </section>
  );
}
