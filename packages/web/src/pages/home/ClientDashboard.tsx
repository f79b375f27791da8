import { displayName, useUserStore } from '../../stores/user-store';
import { EntityList } from '../entities/EntityList';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { PageHeader } from '../PageHeader';
import { PortfolioDashboard } from './portfolio/PortfolioDashboard';
import { greeting } from './greeting';

/** `/` for client users: their organisation's accounts. */
export function ClientDashboard() {
  const user = useUserStore();
  return (
    <section className="page">
      <PageHeader title="Client dashboard" description={`${greeting(new Date().getHours())}, ${displayName(user)}.`} />
      {user.clientNumber === null || user.clientNumber === '' ? (
        <p className="card">Your account is not linked to a client organisation yet. Ask your Steward contact to link it.</p>
      ) : (
        <>
        <PortfolioDashboard scope={`The portfolio of client ${user.clientNumber}.`} />
        <div className="card">
          <h2 className="card__title">Accounts of client {user.clientNumber}</h2>
          <EntityList
            entity="AccountMdl"
            noun="account"
            pageSize={10}
            baseFilter={{ clientNumber: { eq: user.clientNumber } }}
            filters={[{ key: 'accountStatus', label: 'Status', operator: 'eq', codes: ACCOUNT_STATUS }]}
            columns={[
              { key: 'fileNumber', label: 'File' },
              { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
              { key: 'currentUpb', label: 'Balance', kind: 'money' },
              { key: 'amountPaid', label: 'Paid', kind: 'money' },
              { key: 'listedDate', label: 'Listed', kind: 'date' },
            ]}
          />
        </div>
        </>
      )}
    </section>
  );
}
