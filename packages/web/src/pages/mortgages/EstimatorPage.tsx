import { useState } from 'react';
import { TextField } from '../../ui/TextField';
import { formatMoney } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { checkAmount, checkRate, checkYears, monthlyPayment } from '@steward/collections';

/** /mortgages/estimator: the monthly payment of a loan, recalculated as the numbers change. */
export function EstimatorPage() {
  const [principal, setPrincipal] = useState('250000');
  const [rate, setRate] = useState('6.5');
  const [years, setYears] = useState('30');
  // The option builder's parsing and ranges (loan-math.ts), so both pages take and refuse the same numbers.
  const amount = checkAmount(principal, 'loan amount');
  const yearly = checkRate(rate);
  const term = checkYears(years);
  const valid = amount.ok && yearly.ok && term.ok;
  const values = valid ? { principal: amount.value, rate: yearly.value, months: term.value * 12 } : { principal: 0, rate: 0, months: 0 };
  const payment = valid ? monthlyPayment(values.principal, values.rate, values.months) : 0;
  const total = payment * values.months;
  return (
    <section className="page">
      <PageHeader title="Estimator" description="Estimate the monthly payment of a mortgage." />
      <div className="card">
        <div className="card-grid">
          <TextField label="Loan amount (USD)" inputMode="decimal" value={principal} onChange={(e) => setPrincipal(e.target.value)} error={amount.ok ? undefined : amount.error} />
          <TextField label="Interest rate (% a year)" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} error={yearly.ok ? undefined : yearly.error} />
          <TextField label="Term (years)" inputMode="numeric" value={years} onChange={(e) => setYears(e.target.value)} error={term.ok ? undefined : term.error} />
        </div>
        <div className="card-grid" aria-live="polite">
          <div className="stat">
            <div className="stat__label">Monthly payment</div>
            <div className="stat__value" data-testid="monthly-payment">{valid ? formatMoney(payment) : '–'}</div>
          </div>
          <div className="stat">
            <div className="stat__label">Total paid</div>
            <div className="stat__value">{valid ? formatMoney(total) : '–'}</div>
          </div>
          <div className="stat">
            <div className="stat__label">Total interest</div>
            <div className="stat__value">{valid ? formatMoney(total - values.principal) : '–'}</div>
          </div>
        </div>
      </div>
    </section>
  );
}
