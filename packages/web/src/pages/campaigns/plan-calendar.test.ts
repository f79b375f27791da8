import { describe, expect, it } from 'vitest';
import { addMonths, dayAfterKey, dayAriaLabel, dayTitle, daysInMonth, monthGrid, monthTitle, openingMonth } from './plan-calendar';

const day = (date: string, counts: Partial<Record<'planned' | 'refused' | 'sent' | 'tasks' | 'done' | 'failed' | 'cancelled', number>> = {}) => ({
  date,
  planned: 0,
  refused: 0,
  sent: 0,
  tasks: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
  ...counts,
});

describe('monthGrid', () => {
  it('lays a month out in Sunday-first weeks with blanks before the 1st and after the last day', () => {
    const weeks = monthGrid({ year: 2026, month: 12 });
    // 1 December 2026 is a Tuesday.
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks.at(-1)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it.each([
    [2026, 3, 31],
    [2026, 11, 30],
  ])('gives each day of %i-%i once, daylight-saving change included', (year, month, days) => {
    const dates = monthGrid({ year, month }).flat().filter((cell): cell is string => cell !== null);
    expect(dates).toHaveLength(days);
    expect(new Set(dates).size).toBe(days);
    // 8 March and 1 November 2026 are the US changes: both are there, on a Sunday.
    const change = month === 3 ? '2026-03-08' : '2026-11-01';
    expect(monthGrid({ year, month }).find((week) => week.includes(change))?.[0]).toBe(change);
  });

  it('knows leap years', () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
  });
});

describe('months and day words', () => {
  it('steps across years both ways', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthTitle({ year: 2026, month: 12 })).toBe('December 2026');
  });

  it('names a day button by its date and counts, leaving out states with none', () => {
    expect(dayTitle('2026-12-03')).toBe('3 December 2026');
    expect(dayAriaLabel('2026-12-03', day('2026-12-03', { planned: 12, refused: 2 }))).toBe('3 December 2026: 12 planned, 2 refused');
    expect(dayAriaLabel('2026-12-04', day('2026-12-04', { planned: 1, tasks: 1, done: 3 }))).toBe('4 December 2026: 1 planned, 1 task, 3 done');
    expect(dayAriaLabel('2026-12-05', undefined)).toBe('5 December 2026: no contacts');
  });

  it('opens on the first planned day, else the start date, else today', () => {
    expect(openingMonth([day('2027-01-04')], '2026-12-01', '2026-11-26')).toEqual({ year: 2027, month: 1 });
    expect(openingMonth([], '2026-12-01', '2026-11-26')).toEqual({ year: 2026, month: 12 });
    expect(openingMonth([], null, '2026-11-26')).toEqual({ year: 2026, month: 11 });
  });
});

describe('dayAfterKey', () => {
  // A campaign on 2–6 and 9–13 November 2026 (weekdays; the US clocks go back on the 1st).
  const days = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];

  it('moves left and right between campaign days, skipping days outside the campaign', () => {
    expect(dayAfterKey(days, '2026-11-06', 'ArrowRight')).toBe('2026-11-09');
    expect(dayAfterKey(days, '2026-11-09', 'ArrowLeft')).toBe('2026-11-06');
    expect(dayAfterKey(days, '2026-11-02', 'ArrowLeft')).toBeNull();
    expect(dayAfterKey(days, '2026-11-13', 'ArrowRight')).toBeNull();
  });

  it('moves up and down by a week only onto a campaign day', () => {
    expect(dayAfterKey(days, '2026-11-04', 'ArrowDown')).toBe('2026-11-11');
    expect(dayAfterKey(days, '2026-11-11', 'ArrowUp')).toBe('2026-11-04');
    expect(dayAfterKey(days, '2026-11-10', 'ArrowDown')).toBeNull();
  });

  it('jumps to the first and last day, and ignores other keys and unknown days', () => {
    expect(dayAfterKey(days, '2026-11-05', 'Home')).toBe('2026-11-02');
    expect(dayAfterKey(days, '2026-11-05', 'End')).toBe('2026-11-13');
    expect(dayAfterKey(days, '2026-11-05', 'a')).toBeNull();
    expect(dayAfterKey(days, '2026-11-20', 'ArrowRight')).toBeNull();
  });
});
