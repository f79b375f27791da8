import { useState } from 'react';
import { TextField } from '../../ui/TextField';
import { formatMoney } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { monthlyPayment } from './loan-math';

/** /mortgages/estimator: the monthly payment of a loan, recalculated as the numbers change. */
export function EstimatorPage() {
  const [principal, setPrincipal] = useState('250000');
  const [rate, setRate] = useState('6.5');
  const [years, setYears] = useState('30');
  const values = { principal: Number(principal), rate: Number(rate), years: Number(years) };
  const valid = values.principal > 0 && values.rate >= 0 && values.rate < 100 && values.years > 0 && values.years <= 50;
  const payment = valid ? monthlyPayment(values.principal, values.rate, Math.round(values.years * 12)) : 0;
  const total = payment * Math.round(values.years * 12);
  return (
    <section className="page">
      <PageHeader title="Estimator" description="Estimate the monthly payment of a mortgage." />
      <div className="card">
        <div className="card-grid">
          <TextField label="Loan amount (USD)" inputMode="decimal" value={principal} onChange={(e) => setPrincipal(e.target.value)} error={values.principal > 0 ? undefined : 'Enter an amount above 0.'} />
          <TextField label="Interest rate (% a year)" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} error={values.rate >= 0 && values.rate < 100 ? undefined : 'Enter a rate from 0 to 100.'} />
          <TextField label="Term (years)" inputMode="numeric" value={years} onChange={(e) => setYears(e.target.value)} error={values.years > 0 && values.years <= 50 ? undefined : 'Enter 1 to 50 years.'} />
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
