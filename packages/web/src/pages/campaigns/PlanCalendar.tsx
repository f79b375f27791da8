import type { CampaignPlanDay } from '@steward/data-client';
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from '../../ui/Button';
import { WEEKDAYS, addMonths, dayAfterKey, dayAriaLabel, monthGrid, monthTitle } from './plan-calendar';
import type { YearMonth } from './plan-calendar';

/**
 * A month of a plan: each campaign day is a button named by its date and counts ("3 December 2026:
 * 12 planned, 2 refused"), so keyboard and screen-reader users choose a day as mouse users do; the
 * coloured digits are the same counts for the eye. One day is in the tab order (the selected one, else
 * the first); the arrow keys, Home and End move between days, Enter or Space opens one (the grid pattern).
 */
export function PlanCalendar({ days, month, onMonth, selected, onSelect, startDate, endDate }: {
  days: readonly CampaignPlanDay[];
  month: YearMonth;
  onMonth: (month: YearMonth) => void;
  selected: string | null;
  onSelect: (date: string) => void;
  startDate: string | null;
  endDate: string | null;
}) {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const title = monthTitle(month);
  const inCampaign = (date: string): boolean => byDate.has(date) || (startDate !== null && endDate !== null && date >= startDate && date <= endDate);
  const campaignDays = monthGrid(month)
    .flat()
    .filter((date): date is string => date !== null && inCampaign(date));
  const [focused, setFocused] = useState<string | null>(null);
  const tabStop = [focused, selected].find((date) => date !== null && campaignDays.includes(date)) ?? campaignDays[0] ?? null;
  const grid = useRef<HTMLTableElement>(null);
  const move = (event: KeyboardEvent<HTMLButtonElement>, date: string): void => {
    const next = dayAfterKey(campaignDays, date, event.key);
    if (next === null) return;
    event.preventDefault();
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${next}"]`)?.focus();
  };
  return (
    <div className="plan-calendar">
      <div className="plan-calendar__bar">
        <Button variant="secondary" onClick={() => onMonth(addMonths(month, -1))} aria-label={`Previous month, ${monthTitle(addMonths(month, -1))}`}>
          ‹
        </Button>
        <h3 className="plan-calendar__title" aria-live="polite">
          {title}
        </h3>
        <Button variant="secondary" onClick={() => onMonth(addMonths(month, 1))} aria-label={`Next month, ${monthTitle(addMonths(month, 1))}`}>
          ›
        </Button>
      </div>
      <table className="plan-calendar__grid" ref={grid}>
        <caption className="visually-hidden">Contact plan for {title}: each day with its planned and refused contacts</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (date === null) return <td key={column} className="plan-calendar__blank" />;
                const day = byDate.get(date);
                const number = Number(date.slice(8, 10));
                if (!inCampaign(date)) {
                  return (
                    <td key={date} className="plan-calendar__off">
                      <span className="plan-calendar__number">{number}</span>
                    </td>
                  );
                }
                return (
                  <td key={date}>
                    <button
                      type="button"
                      className="plan-calendar__day"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-pressed={selected === date}
                      onClick={() => onSelect(date)}
                      onKeyDown={(event) => move(event, date)}
                      onFocus={() => setFocused(date)}
                    >
                      {/* The name is text, not aria-label: the visible digits are a shorthand of it (WCAG 2.5.3, label in name). */}
                      <span className="visually-hidden">{dayAriaLabel(date, day)}</span>
                      <span className="plan-calendar__number" aria-hidden="true">
                        {number}
                      </span>
                      {day === undefined ? null : (
                        <span className="plan-calendar__counts" aria-hidden="true">
                          {day.planned > 0 ? <span className="plan-count plan-count--planned">{day.planned}</span> : null}
                          {day.refused > 0 ? <span className="plan-count plan-count--refused">{day.refused}</span> : null}
                          {day.tasks > 0 ? <span className="plan-count plan-count--tasks">{day.tasks}</span> : null}
                          {day.sent + day.done > 0 ? <span className="plan-count plan-count--done">{day.sent + day.done}</span> : null}
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="plan-calendar__legend muted">
        <span className="plan-count plan-count--planned">n</span> planned <span className="plan-count plan-count--refused">n</span> refused{' '}
        <span className="plan-count plan-count--tasks">n</span> tasks for staff <span className="plan-count plan-count--done">n</span> sent or done
      </p>
    </div>
  );
}
