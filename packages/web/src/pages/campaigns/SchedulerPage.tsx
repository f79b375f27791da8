import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ports-context';
import { useUserStore } from '../../stores/user-store';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import type { EntityRow } from '../entities/entity-access';
import { formatDate, textOf } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { CHANNEL_LABELS } from './campaign-form';
import type { CampaignChannel } from './campaign-form';
import { CampaignDetail } from './CampaignDetail';
import { CampaignForm } from './CampaignForm';
import { CAMPAIGN_STATUS_LABELS, campaignCounts } from './plan-entries';
import { loadCampaigns, loadClients, useLoaded } from './scheduler-data';
import './scheduler.css';

/** /apps/campaigns/scheduler: campaigns newest first, a new campaign's form, and a chosen campaign's plan by day. */
export function SchedulerPage() {
  const { data } = useServices();
  const createdBy = useUserStore((state) => state.email ?? state.userId);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('campaign');
  const day = params.get('day');
  const [formOpen, setFormOpen] = useState(false);
  const campaignsLoad = useCallback(() => loadCampaigns(data), [data]);
  const { state: campaigns, reload } = useLoaded(campaignsLoad);
  // The client picker is only needed with the form: its list loads when the form opens.
  const clientsLoad = useCallback(() => loadClients(data), [data]);
  const { state: clients } = useLoaded(formOpen ? clientsLoad : null);

  const select = (id: string | null, date: string | null = null): void => {
    const next = new URLSearchParams();
    if (id !== null) next.set('campaign', id);
    if (id !== null && date !== null) next.set('day', date);
    setParams(next);
  };
  const selected = campaigns.status === 'ready' ? (campaigns.value.find((c) => c.id === selectedId) ?? null) : null;

  return (
    <section className="page scheduler">
      <PageHeader
        title="Campaign scheduler"
        description="Campaigns choose accounts, a channel, days and daily windows; the plan shows who is contacted when, and why anyone is refused."
        actions={
          formOpen ? undefined : (
            <Button onClick={() => setFormOpen(true)}>
              New campaign
            </Button>
          )
        }
      />
      {formOpen ? (
        clients.status === 'loading' ? (
          <Spinner label="Loading the clients" />
        ) : (
          <>
            {clients.status === 'failed' ? <LiveRegion message={`The client list did not load: ${clients.problem.message}`} detail="The campaign can still cover all clients." /> : null}
            <CampaignForm
              clients={clients.status === 'ready' ? clients.value : []}
              createdBy={createdBy}
              onCancel={() => setFormOpen(false)}
              onCreated={(campaign) => {
                setFormOpen(false);
                reload();
                select(campaign.id);
              }}
            />
          </>
        )
      ) : null}
      <div className="card">
        <h2 className="card__title">Campaigns</h2>
        {campaigns.status === 'loading' ? <Spinner label="Loading the campaigns" /> : null}
        {campaigns.status === 'failed' ? <LiveRegion message={campaigns.problem.message} detail={campaigns.problem.detail} /> : null}
        {campaigns.status === 'ready' ? <CampaignTable campaigns={campaigns.value} selectedId={selectedId} /> : null}
      </div>
      {selected === null ? null : <CampaignDetail key={selected.id} campaign={selected} day={day} onDay={(date) => select(selected.id, date)} onChanged={reload} />}
      {selectedId !== null && campaigns.status === 'ready' && selected === null ? <p className="card">That campaign no longer exists.</p> : null}
    </section>
  );
}

function CampaignTable({ campaigns, selectedId }: { campaigns: readonly EntityRow[]; selectedId: string | null }) {
  if (campaigns.length === 0) return <p className="muted">No campaigns yet: choose “New campaign” to make the first.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Campaigns, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Channel</th>
            <th scope="col">Status</th>
            <th scope="col">Days</th>
            <th scope="col">Plan</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => {
            const channel = textOf(campaign.channel, '');
            return (
              <tr key={campaign.id} aria-current={campaign.id === selectedId ? 'true' : undefined}>
                <td>
                  <Link to={`?campaign=${encodeURIComponent(campaign.id)}`}>{textOf(campaign.campaignName, campaign.id)}</Link>
                </td>
                <td>{Object.hasOwn(CHANNEL_LABELS, channel) ? CHANNEL_LABELS[channel as CampaignChannel] : channel}</td>
                <td>{CAMPAIGN_STATUS_LABELS[textOf(campaign.status)] ?? textOf(campaign.status, '–')}</td>
                <td>{typeof campaign.startDate === 'string' && typeof campaign.endDate === 'string' ? `${formatDate(campaign.startDate)} – ${formatDate(campaign.endDate)}` : '–'}</td>
                <td>{campaignCounts(campaign)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
