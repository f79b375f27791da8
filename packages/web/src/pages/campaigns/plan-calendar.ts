// The plan calendar as plain data: a month's grid of calendar dates, and the words for a day. Dates
// are AWSDate text (YYYY-MM-DD) in the campaign's zone, counted with UTC arithmetic so a month with
// a daylight-saving change has neither a doubled nor a missing day.
import type { CampaignPlanDay } from '@steward/data-client';
import { countOf, formatCount } from '../entities/format';

/** A year and month (1–12). */
export interface YearMonth {
  year: number;
  month: number;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The weekday names of the grid's columns (weeks start on Sunday, as US calendars do). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The AWSDate of a year, month (1–12) and day. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** The year and month of an AWSDate. */
export function monthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The month `delta` months after `at` (negative: before). */
export function addMonths(at: YearMonth, delta: number): YearMonth {
  const index = at.year * 12 + (at.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Days in a month. */
export function daysInMonth(at: YearMonth): number {
  return new Date(Date.UTC(at.year, at.month, 0)).getUTCDate();
}

/** "December 2026". */
export function monthTitle(at: YearMonth): string {
  return `${MONTH_NAMES[at.month - 1] ?? ''} ${at.year}`;
}

/** The weeks of a month, Sunday first: each cell an AWSDate of the month, or null before the 1st and after the last day. */
export function monthGrid(at: YearMonth): (string | null)[][] {
  const first = new Date(Date.UTC(at.year, at.month - 1, 1)).getUTCDay();
  const cells: (string | null)[] = Array.from({ length: first }, () => null);
  const days = daysInMonth(at);
  for (let day = 1; day <= days; day++) cells.push(isoDate(at.year, at.month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "3 December 2026" for 2026-12-03. */
export function dayTitle(date: string): string {
  const { year, month } = monthOf(date);
  return `${Number(date.slice(8, 10))} ${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/** The day's counts in words, leaving out states with none: "12 planned, 2 refused, 3 tasks". */
export function countsInWords(day: CampaignPlanDay): string {
  const parts: string[] = [`${formatCount(day.planned)} planned`];
  if (day.refused > 0) parts.push(`${formatCount(day.refused)} refused`);
  if (day.sent > 0) parts.push(`${formatCount(day.sent)} sent`);
  if (day.tasks > 0) parts.push(countOf(day.tasks, 'task'));
  if (day.done > 0) parts.push(`${formatCount(day.done)} done`);
  if (day.failed > 0) parts.push(`${formatCount(day.failed)} failed`);
  if (day.cancelled > 0) parts.push(`${formatCount(day.cancelled)} cancelled`);
  return parts.join(', ');
}

/** A day button's accessible name: "3 December 2026: 12 planned, 2 refused" (or "no contacts"). */
export function dayAriaLabel(date: string, day: CampaignPlanDay | undefined): string {
  return `${dayTitle(date)}: ${day === undefined ? 'no contacts' : countsInWords(day)}`;
}

/** The month a plan's calendar opens on: the first day with entries, else the campaign's start, else `today`. */
export function openingMonth(days: readonly CampaignPlanDay[], startDate: string | null, today: string): YearMonth {
  const first = days[0]?.date ?? startDate ?? today;
  return monthOf(first);
}

/**
 * The day the arrow keys move to from `current` among `days` (the month's campaign days, in order):
 * ArrowLeft/Right the previous/next campaign day, ArrowUp/Down the same weekday a week before/after
 * (when that is a campaign day), Home/End the first/last. Null when the key moves nowhere.
 */
export function dayAfterKey(days: readonly string[], current: string, key: string): string | null {
  const index = days.indexOf(current);
  if (index < 0) return null;
  const week = (delta: number): string | null => {
    const [year = 0, month = 1, day = 1] = current.split('-').map(Number);
    const target = new Date(Date.UTC(year, month - 1, day + delta)).toISOString().slice(0, 10);
    return days.includes(target) ? target : null;
  };
  switch (key) {
    case 'ArrowLeft':
      return days[index - 1] ?? null;
    case 'ArrowRight':
      return days[index + 1] ?? null;
    case 'ArrowUp':
      return week(-7);
    case 'ArrowDown':
      return week(7);
    case 'Home':
      return days[0] ?? null;
    case 'End':
      return days[days.length - 1] ?? null;
    default:
      return null;
  }
}
