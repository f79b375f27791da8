import { describe, expect, it } from 'vitest';
import { IMPORT_TARGETS } from './import-targets';
import { ACCOUNT_STATUS } from '../../mortgages/mortgage-codes';
import { createRowValidator, formatCents, parseBoolean, parseCode, parseDate, parseDoNotContact, parseInteger, parseMoneyCents } from './validate-rows';

const cents = (text: string): number | null => {
  const result = parseMoneyCents(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('parseMoneyCents', () => {
  it('reads plain, thousands-separated and dollar amounts as integer cents', () => {
    expect(cents('1234.56')).toBe(123_456);
    expect(cents('1,234.56')).toBe(123_456);
    expect(cents('$12')).toBe(1200);
    expect(cents(' 1,234,567.8 ')).toBe(123_456_780);
    expect(cents('.5')).toBe(50);
    expect(cents('7.')).toBe(700);
  });

  it('reads negatives written with a minus or in parentheses', () => {
    expect(cents('-3.50')).toBe(-350);
    expect(cents('(5.00)')).toBe(-500);
    expect(cents('$-12.00')).toBe(-1200);
    expect(cents('-$12.00')).toBe(-1200);
  });

  it('adds "0.1" and "0.2" to exactly 30 cents (no floating point)', () => {
    expect((cents('0.1') ?? 0) + (cents('0.2') ?? 0)).toBe(30);
  });

  it('refuses more than two non-zero decimals and accepts trailing zeros', () => {
    expect(parseMoneyCents('1.005').ok).toBe(false);
    expect(cents('1.500')).toBe(150);
  });

  it('refuses text, misplaced separators and two signs of a kind', () => {
    for (const text of ['abc', '12a', '1,23.00', '1.2.3', '$', '--5', '12,34']) expect(parseMoneyCents(text).ok, text).toBe(false);
  });

  it('reads an empty cell as no value', () => {
    expect(cents('  ')).toBeNull();
  });

  it('refuses amounts past what the wire carries exactly', () => {
    expect(parseMoneyCents('999999999999999999').ok).toBe(false);
  });
});

describe('formatCents', () => {
  it('formats with thousands separators and two decimals', () => {
    expect(formatCents(123_456)).toBe('1,234.56');
    expect(formatCents(-5)).toBe('-0.05');
  });
});

describe('parseDate', () => {
  it('reads ISO and US dates as YYYY-MM-DD', () => {
    expect(parseDate('2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseDate('3/7/2024')).toEqual({ ok: true, value: '2024-03-07' });
    expect(parseDate('12/31/2023')).toEqual({ ok: true, value: '2023-12-31' });
    expect(parseDate('2024-01-05T00:00:00.000Z')).toEqual({ ok: true, value: '2024-01-05' });
  });

  it('refuses days the calendar does not have', () => {
    expect(parseDate('2024-02-30').ok).toBe(false);
    expect(parseDate('2/30/2024').ok).toBe(false);
    expect(parseDate('2023-02-29').ok).toBe(false);
    expect(parseDate('13/1/2024').ok).toBe(false);
  });

  it('refuses two-digit years and free text', () => {
    expect(parseDate('3/7/24').ok).toBe(false);
    expect(parseDate('yesterday').ok).toBe(false);
  });

  it('reads Excel serial days only for spreadsheets', () => {
    expect(parseDate('45292', { excelSerials: true })).toEqual({ ok: true, value: '2024-01-01' });
    expect(parseDate('45292').ok).toBe(false);
  });
});

describe('parseInteger and parseBoolean', () => {
  it('reads whole numbers and refuses fractions', () => {
    expect(parseInteger('1,024')).toEqual({ ok: true, value: 1024 });
    expect(parseInteger('-7')).toEqual({ ok: true, value: -7 });
    expect(parseInteger('2.0')).toEqual({ ok: true, value: 2 });
    expect(parseInteger('2.5').ok).toBe(false);
    expect(parseInteger('99999999999').ok).toBe(false);
  });

  it('reads yes/no words', () => {
    expect(parseBoolean('Yes')).toEqual({ ok: true, value: true });
    expect(parseBoolean('n')).toEqual({ ok: true, value: false });
    expect(parseBoolean('maybe').ok).toBe(false);
  });

  it('reads do-not-contact as yes/no or the JSON of channels', () => {
    expect(parseDoNotContact('yes')).toEqual({ ok: true, value: '{"all":true}' });
    expect(parseDoNotContact('no')).toEqual({ ok: true, value: null });
    expect(parseDoNotContact('{"channels":["sms"]}')).toEqual({ ok: true, value: '{"channels":["sms"]}' });
    expect(parseDoNotContact('{"channels":[1]}').ok).toBe(false);
  });
});

describe('createRowValidator', () => {
  const headers = ['Client', 'File No', 'Balance', 'Listed', 'Score', 'Notes'];
  const mapping = { Client: 'clientNumber', 'File No': 'fileNumber', Balance: 'currentUpb', Listed: 'listedDate', Score: 'tuScore', Notes: '' };
  const validator = () => createRowValidator({ spec: IMPORT_TARGETS.AccountMdl, headers, mapping, allowedClients: new Set(['C1', 'C2']) });

  it('turns a good row into the record as stored: money as a 2-decimal number, dates as AWSDate, unmapped columns left out', () => {
    expect(validator().validate(['C1', 'F-1', '1,234.56', '1/2/2024', '700', 'x'], 1)).toEqual({
      ok: true,
      row: 1,
      record: { clientNumber: 'C1', fileNumber: 'F-1', currentUpb: 1234.56, listedDate: '2024-01-02', tuScore: 700 },
      key: '["C1","F-1"]',
    });
  });

  it('leaves empty optional cells out of the record', () => {
    const result = validator().validate(['C1', 'F-1', '', '', '', ''], 1);
    expect(result.ok && result.record).toEqual({ clientNumber: 'C1', fileNumber: 'F-1' });
  });

  it('reports every problem of a row with its field', () => {
    const result = validator().validate(['C1', '', '12.345', '2024-02-30', 'high', ''], 4);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((error) => [error.row, error.field])).toEqual([
      [4, 'fileNumber'],
      [4, 'currentUpb'],
      [4, 'listedDate'],
      [4, 'tuScore'],
    ]);
  });

  it('refuses a client number that does not exist or is not allowed', () => {
    const result = validator().validate(['C9', 'F-1', '', '', '', ''], 2);
    expect(!result.ok && result.errors).toEqual([{ row: 2, field: 'clientNumber', message: 'Client number “C9” does not exist or is not yours to import for.' }]);
  });

  it('refuses the second row of a natural key and names the first', () => {
    const check = validator();
    expect(check.validate(['C1', 'F-1', '', '', '', ''], 1).ok).toBe(true);
    expect(check.validate(['C2', 'F-1', '', '', '', ''], 2).ok).toBe(true);
    const duplicate = check.validate(['C1', ' F-1 ', '', '', '', ''], 3);
    expect(!duplicate.ok && duplicate.errors).toEqual([{ row: 3, field: 'fileNumber', message: 'Duplicate of row 1 (same Client number + File number).' }]);
  });

  it('refuses every row when a required field has no column', () => {
    const check = createRowValidator({ spec: IMPORT_TARGETS.AccountMdl, headers: ['Client'], mapping: { Client: 'clientNumber' }, allowedClients: new Set(['C1']) });
    const result = check.validate(['C1'], 1);
    expect(!result.ok && result.errors.map((error) => error.field)).toEqual(['fileNumber']);
  });

  it('reads a status in words through the code table and refuses one outside it, so the status filter finds every imported account', () => {
    const check = createRowValidator({ spec: IMPORT_TARGETS.AccountMdl, headers: ['Client', 'File No', 'Status'], mapping: { Client: 'clientNumber', 'File No': 'fileNumber', Status: 'accountStatus' }, allowedClients: new Set(['C1']) });
    const planned = check.validate(['C1', 'F-1', 'payment plan'], 1);
    expect(planned.ok && planned.record.accountStatus).toBe('PAYMENT_PLAN');
    const unknown = check.validate(['C1', 'F-2', 'on hold'], 2);
    expect(!unknown.ok && unknown.errors).toEqual([{ row: 2, field: 'accountStatus', message: '“on hold” is not one of Active, Payment plan, Disputed or Closed.' }]);
  });

  it('names the client of an account from its number when the file has no client name column', () => {
    const check = createRowValidator({ spec: IMPORT_TARGETS.AccountMdl, headers: ['Client', 'File No'], mapping: { Client: 'clientNumber', 'File No': 'fileNumber' }, allowedClients: new Map([['C1', 'Acme Lending']]) });
    const result = check.validate(['C1', 'F-1'], 1);
    expect(result.ok && result.record).toEqual({ clientNumber: 'C1', fileNumber: 'F-1', clientName: 'Acme Lending' });
  });
});

describe('parseCode', () => {
  it('takes the code or its label in any case and with spaces, dashes or underscores between words', () => {
    for (const text of ['PAYMENT_PLAN', 'payment plan', ' Payment-Plan ', 'PAYMENT PLAN']) expect(parseCode(ACCOUNT_STATUS, text)).toEqual({ ok: true, value: 'PAYMENT_PLAN' });
    expect(parseCode(ACCOUNT_STATUS, '')).toEqual({ ok: true, value: null });
    expect(parseCode(ACCOUNT_STATUS, 'paymentplan').ok).toBe(false);
  });
});
