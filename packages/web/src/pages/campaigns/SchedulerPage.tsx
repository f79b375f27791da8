import { EntityList } from '../entities/EntityList';
import { PageHeader } from '../PageHeader';

/** /apps/campaigns/scheduler: the teams that run campaigns and the goals they work to. */
export function SchedulerPage() {
  return (
    <section className="page">
      <PageHeader title="Campaign scheduler" description="Teams running collection campaigns, and the goals of each period." />
      <div className="card">
        <h2 className="card__title">Goals</h2>
        <EntityList
          entity="Goals"
          noun="goal"
          pageSize={10}
          filters={[{ key: 'status', label: 'Status', operator: 'eq', options: ['Planned', 'Active', 'Met', 'Missed'] }]}
          columns={[
            { key: 'goalName', label: 'Goal' },
            { key: 'metric', label: 'Metric' },
            { key: 'targetValue', label: 'Target' },
            { key: 'achievedValue', label: 'Achieved' },
            { key: 'periodStart', label: 'From', kind: 'date' },
            { key: 'periodEnd', label: 'To', kind: 'date' },
            { key: 'status', label: 'Status' },
          ]}
        />
      </div>
      <div className="card">
        <h2 className="card__title">Teams</h2>
        <EntityList
          entity="TeamMdl"
          noun="team"
          pageSize={10}
          filters={[{ key: 'teamName', label: 'Name contains', operator: 'contains' }]}
          columns={[
            { key: 'teamName', label: 'Team' },
            { key: 'teamDescription', label: 'Description' },
            { key: 'updatedAt', label: 'Changed', kind: 'datetime' },
          ]}
        />
      </div>
    </section>
  );
}
