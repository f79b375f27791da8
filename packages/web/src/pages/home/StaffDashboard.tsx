import { useIsSupervisor } from '../../access/supervisor';
import { displayName, useUserStore } from '../../stores/user-store';
import { EntityList } from '../entities/EntityList';
import { TICKET_PRIORITY } from '../helpdesk/ticket-codes';
import { PageHeader } from '../PageHeader';
import { greeting } from './greeting';
import { PortfolioDashboard } from './portfolio/PortfolioDashboard';

/** `/` for staff: the portfolio's charts (theirs, or everything for supervisors) and open tickets. */
export function StaffDashboard() {
  const user = useUserStore();
  const isSupervisor = useIsSupervisor();
  return (
    <section className="page">
      <PageHeader title="Dashboard" description={`${greeting(new Date().getHours())}, ${displayName(user)}.`} />
      <PortfolioDashboard scope={isSupervisor ? "The whole portfolio." : "The accounts assigned to you."} />
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
