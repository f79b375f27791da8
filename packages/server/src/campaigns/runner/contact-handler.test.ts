import { describe, expect, it } from 'vitest';
import { fillTemplate } from './contact-handler.js';

describe('fillTemplate', () => {
  it('fills first name, file number and balance (as dollars) and leaves other braces alone', () => {
    expect(fillTemplate('Hi {firstName}, file {fileNumber} owes {balance}. {other}', { firstName: 'Ann', fileNumber: 'F-1', balance: 1234.5 })).toBe('Hi Ann, file F-1 owes $1,234.50. {other}');
  });

  it('leaves unknown values empty rather than printing null', () => {
    expect(fillTemplate('{firstName}|{fileNumber}|{balance}', { firstName: null, fileNumber: null, balance: null })).toBe('||');
  });
});
