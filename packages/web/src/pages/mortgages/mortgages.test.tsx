import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryModels } from '../../testing/memory-models';
import { resetStores, renderApp } from '../../testing/render-app';
import { signedInServices } from '../../testing/signed-in';

// Read from disk: vitest hands CSS imports (even ?raw) to the test as empty text.
const printCss = readFileSync(path.join(import.meta.dirname, '../../ui/print.css'), 'utf8');

const account = { id: 'a1', fileNumber: 'F-1001', clientName: 'Acme Lending', clientNumber: 'C-1001', accountStatus: 'Active', currentUpb: 150_000 };

function builderServices(tables: Record<string, { id: string }[]> = {}) {
  const services = signedInServices();
  const memory = memoryModels({ AccountMdl: [{ ...account }], ContactMdl: [], TransactionMdl: [], ModificationOptionMdl: [], ...tables });
  services.data.models.mockImplementation(memory.models);
  return { services, calls: memory.calls };
}

function describedBy(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('the option builder', () => {
  beforeEach(() => resetStores());

  it('refuses negative and absurd terms with a message tied to each field, and offers no options for them', async () => {
    const { services } = builderServices();
    await renderApp(services, '/mortgages/requests/option-builder?id=a1');
    expect(await screen.findByRole('table', { name: 'Modification options' })).toBeTruthy();
    const user = userEvent.setup();
    const rate = screen.getByLabelText('Current rate (% a year)');
    const months = screen.getByLabelText('Remaining term (months)');
    const balance = screen.getByLabelText('Balance (USD)');
    await user.clear(rate);
    await user.type(rate, '-3');
    await user.clear(months);
    await user.type(months, '9000');
    await user.clear(balance);
    await user.type(balance, '999999999');
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(rate)).toContain('Enter the rate as a number, like 6.5 (without the % sign).');
    expect(describedBy(months)).toContain('Enter a remaining term from 1 to 480 months (40 years).');
    expect(describedBy(balance)).toContain('Enter a balance from $0.01 to $10,000,000.');
    expect(screen.queryByRole('table', { name: 'Modification options' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Generate the options document' })).toBeNull();
  });

  it('saves an option to the data store and lists it with the saved options of the account', async () => {
    const { services, calls } = builderServices();
    await renderApp(services, '/mortgages/requests/option-builder?id=a1');
    expect(await screen.findByText('No options saved for this account yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save the rate reduction option' }));
    const saved = await screen.findByRole('table', { name: 'Saved options' });
    expect(within(saved).getByText('Rate reduction')).toBeTruthy();
    expect(within(saved).getByText('4.50 %')).toBeTruthy();
    expect(within(saved).getByText('Sam Staff')).toBeTruthy();
    const create = calls.find((c) => c.entity === 'ModificationOptionMdl' && c.operation === 'create');
    expect(create?.args).toMatchObject({
      optionName: 'Rate reduction',
      description: 'Reduce the rate by 2.00 percentage points, from 6.50 % to 4.50 %, for the remaining 300 months.',
      ratePercent: 4.5,
      termMonths: 300,
      balance: 150_000,
      monthlyPayment: 833.75,
      clientNumber: 'C-1001',
      fileNumber: 'F-1001',
      accountmdlID: 'a1',
    });
  });

  it('lists only the options saved for this account', async () => {
    const { services } = builderServices({
      ModificationOptionMdl: [
        { id: 'o1', accountmdlID: 'a1', optionName: 'Term extension', ratePercent: 6.5, termMonths: 480, createdAt: '2026-11-01T10:00:00Z' } as { id: string },
        { id: 'o2', accountmdlID: 'a2', optionName: 'Someone else’s', createdAt: '2026-11-02T10:00:00Z' } as { id: string },
      ],
    });
    await renderApp(services, '/mortgages/requests/option-builder?id=a1');
    const saved = await screen.findByRole('table', { name: 'Saved options' });
    expect(within(saved).getByText('Term extension')).toBeTruthy();
    expect(within(saved).queryByText('Someone else’s')).toBeNull();
  });

  it('keeps the typed terms when saving fails and says why', async () => {
    const { services } = builderServices();
    const memory = memoryModels({ AccountMdl: [{ ...account }], ContactMdl: [], TransactionMdl: [], ModificationOptionMdl: [] });
    services.data.models.mockImplementation(async () => {
      const client = await memory.models();
      return new Proxy(client, {
        get: (target, entity) =>
          entity === 'ModificationOptionMdl'
            ? { ...target.ModificationOptionMdl, create: async () => Promise.reject(new TypeError('Failed to fetch')) }
            : (target as unknown as Record<string | symbol, unknown>)[entity],
      });
    });
    await renderApp(services, '/mortgages/requests/option-builder?id=a1');
    const user = userEvent.setup();
    const rate = await screen.findByLabelText('Current rate (% a year)');
    await user.clear(rate);
    await user.type(rate, '7.25');
    await user.click(screen.getByRole('button', { name: 'Save the term extension option' }));
    expect(await screen.findByText('Network Error: Steward cannot reach the server.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Current rate (% a year)').value).toBe('7.25');
    expect(screen.getByText('No options saved for this account yet.')).toBeTruthy();
  });
});

/** The selectors a print stylesheet hides (display: none inside @media print). */
function hiddenWhenPrinting(css: string): string[] {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const sheet = style.sheet;
  style.remove();
  if (sheet === null) throw new Error('the stylesheet did not parse');
  return [...sheet.cssRules]
    .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.media.mediaText.includes('print'))
    .flatMap((rule) => [...rule.cssRules])
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.style.getPropertyValue('display') === 'none')
    .flatMap((rule) => rule.selectorText.split(',').map((selector) => selector.trim()));
}

describe('the options document', () => {
  beforeEach(() => resetStores());

  it('prints only the document: the top bar, menu, sidebar and page controls are hidden on paper', async () => {
    const { services } = builderServices();
    await renderApp(services, '/mortgages/documents/generate-options-document?id=a1&balance=150000&rate=6.5&months=300');
    const letter = await screen.findByRole('article', { name: 'Options document' });
    const hidden = hiddenWhenPrinting(printCss);
    const isHidden = (element: Element | null): boolean => {
      for (let node = element; node !== null; node = node.parentElement) if (hidden.some((selector) => node.matches(selector))) return true;
      return false;
    };
    expect(isHidden(document.querySelector('.top-bar'))).toBe(true);
    expect(isHidden(document.getElementById('side-menu'))).toBe(true);
    expect(isHidden(screen.getByRole('complementary', { name: 'Session and notifications' }))).toBe(true);
    expect(isHidden(screen.getByRole('button', { name: 'Print' }))).toBe(true);
    expect(isHidden(screen.getByRole('link', { name: 'Back to the option builder' }))).toBe(true);
    expect(isHidden(letter)).toBe(false);
    expect(within(letter).getByText(/Reduce the rate by 2.00 percentage points/)).toBeTruthy();
  });

  it('refuses to build a document from absurd terms in the address', async () => {
    const { services } = builderServices();
    await renderApp(services, '/mortgages/documents/generate-options-document?id=a1&balance=150000&rate=-4&months=300');
    expect(await screen.findByText('Enter the rate as a number, like 6.5 (without the % sign).')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Options document' })).toBeNull();
  });
});
