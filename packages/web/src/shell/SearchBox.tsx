import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DataPort } from '../app/ports';
import { useServices } from '../app/ports-context';
import { canOpen } from '../access/permissions';
import { useRole } from '../access/use-role';
import { entityAccess } from '../pages/entities/entity-access';
import type { EntityRow, RowFilter } from '../pages/entities/entity-access';
import { textOf } from '../pages/entities/format';
import { Icon } from './icons';
import { menuFor, menuLinks } from './menu';
import type { MenuLink } from './menu';
import './search.css';

/** What a search result opens. */
export type SearchKind = 'page' | 'account' | 'ticket';

/** One result of the top-bar search. */
export interface SearchResult {
  key: string;
  kind: SearchKind;
  label: string;
  detail?: string;
  path: string;
}

/** How many accounts and how many tickets the search shows. */
export const SEARCH_RECORD_LIMIT = 5;
/** Records are searched from this many characters on (one letter matches half the database). */
export const SEARCH_MIN_RECORD_QUERY = 2;
/** Typing pause before the data store is asked (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

const KIND_LABELS: Readonly<Record<SearchKind, string>> = { page: 'Page', account: 'Account', ticket: 'Ticket' };
const GROUP_LABELS: Readonly<Record<SearchKind, string>> = { page: 'Pages', account: 'Accounts', ticket: 'Tickets' };

/** The pages whose name (or address) matches `query`, best first. */
export function matchPages(links: readonly MenuLink[], query: string): SearchResult[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [];
  const exact = links.filter((link) => link.label.toLowerCase() === wanted);
  const named = links.filter((link) => !exact.includes(link) && link.label.toLowerCase().includes(wanted));
  const byPath = links.filter((link) => !exact.includes(link) && !named.includes(link) && link.path.toLowerCase().includes(wanted.replace(/\s+/g, '-')));
  return [...exact, ...named, ...byPath].map((link) => ({ key: `page:${link.path}`, kind: 'page', label: link.label, path: link.path }));
}

// The data API's contains is case-sensitive: also try the capitalised form people write names in.
function spellings(text: string): string[] {
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return capitalised === text ? [text] : [text, capitalised];
}

/**
 * Accounts (file number prefix, client name) and tickets (subject) matching `query`, through
 * data-client. A source the user may not open, or one that fails, is left out: search never breaks
 * the top bar.
 */
export async function searchRecords(data: DataPort, query: string, sources: { accounts: boolean; tickets: boolean }): Promise<SearchResult[]> {
  const text = query.trim();
  if (text.length < SEARCH_MIN_RECORD_QUERY) return [];
  const find = async (run: () => Promise<{ items: EntityRow[] }>): Promise<EntityRow[]> => {
    try {
      return (await run()).items;
    } catch {
      return [];
    }
  };
  const accountFilter: RowFilter = { or: [{ fileNumber: { beginsWith: text } }, ...spellings(text).map((s) => ({ clientName: { contains: s } }))] };
  const ticketFilter: RowFilter = { or: spellings(text).map((s) => ({ subject: { contains: s } })) };
  const [accounts, tickets] = await Promise.all([
    sources.accounts ? find(() => entityAccess(data, 'AccountMdl').list({ filter: accountFilter, limit: SEARCH_RECORD_LIMIT })) : Promise.resolve([]),
    sources.tickets ? find(() => entityAccess(data, 'TicketMdl').list({ filter: ticketFilter, limit: SEARCH_RECORD_LIMIT })) : Promise.resolve([]),
  ]);
  return [
    ...accounts.map((row): SearchResult => ({
      key: `account:${row.id}`,
      kind: 'account',
      label: textOf(row.fileNumber, row.id),
      detail: textOf(row.clientName),
      path: `/mortgages/requests/option-builder?id=${encodeURIComponent(row.id)}`,
    })),
    ...tickets.map((row): SearchResult => ({
      key: `ticket:${row.id}`,
      kind: 'ticket',
      label: textOf(row.subject, row.id),
      detail: textOf(row.status),
      path: `/apps/helpdesk/tickets/ticket-view?id=${encodeURIComponent(row.id)}`,
    })),
  ];
}

/**
 * The top bar's search: pages, accounts and tickets in one combobox (ARIA 1.2 pattern: the input
 * keeps focus, arrows move the active option, Enter opens it, Escape closes the list, then clears).
 */
export function SearchBox() {
  const { data } = useServices();
  const navigate = useNavigate();
  const role = useRole();
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<{ query: string; results: SearchResult[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState('');
  // Below 600 px the box is hidden behind a Search button; this is whether the button opened it.
  const [shown, setShown] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const listId = useId();
  const inputId = useId();
  const optionId = (index: number): string => `${listId}-option-${index}`;
  const latest = useRef('');

  // Only the pages and records the role may open (access/permissions.ts), as in the side menu.
  const links = useMemo(() => menuLinks(menuFor(role ?? 'pending')), [role]);
  const sources = useMemo(
    () => ({ accounts: role !== null && canOpen(role, '/mortgages/requests/option-builder'), tickets: role !== null && canOpen(role, '/apps/helpdesk/tickets/ticket-view') }),
    [role],
  );

  const trimmed = query.trim();
  const searching = trimmed.length >= SEARCH_MIN_RECORD_QUERY && (sources.accounts || sources.tickets) && records?.query !== trimmed;
  const results = useMemo(() => [...matchPages(links, trimmed), ...(records?.query === trimmed ? records.results : [])], [links, records, trimmed]);

  useEffect(() => {
    latest.current = trimmed;
    if (trimmed.length < SEARCH_MIN_RECORD_QUERY || !(sources.accounts || sources.tickets)) return;
    const timer = window.setTimeout(() => {
      void searchRecords(data, trimmed, sources).then((found) => {
        // A slow answer to an older query must not replace the newer one's.
        if (latest.current === trimmed) setRecords({ query: trimmed, results: found });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [data, sources, trimmed]);

  useEffect(() => {
    if (trimmed === '') setMessage('');
    else if (searching) setMessage('Searching…');
    else setMessage(results.length === 0 ? `Nothing matches “${trimmed}”.` : `${results.length} ${results.length === 1 ? 'result' : 'results'}. Use the arrow keys to choose.`);
  }, [results.length, searching, trimmed]);

  const choose = (result: SearchResult): void => {
    setShown(false);
    setQuery('');
    setRecords(null);
    setOpen(false);
    setActive(-1);
    void navigate(result.path);
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (trimmed === '') return;
    const chosen = results[active] ?? results[0];
    if (chosen === undefined) {
      setMessage(searching ? 'Still searching…' : `Nothing matches “${trimmed}”.`);
      return;
    }
    choose(chosen);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? results.length - 1 : (current + step + results.length) % results.length));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && results.length > 0) {
        setOpen(false);
        setActive(-1);
      } else {
        setQuery('');
        setRecords(null);
        setShown(false);
      }
    }
  };

  const expanded = open && trimmed !== '' && results.length > 0;
  // Said on screen too, not only to screen readers: an empty search must not look like a broken one.
  const nothing = open && trimmed !== '' && !searching && results.length === 0;
  // Results come ordered by kind; each kind is one labelled group of the listbox.
  const groups = (['page', 'account', 'ticket'] as const)
    .map((kind) => ({ kind, entries: results.map((result, index) => ({ result, index })).filter(({ result }) => result.kind === kind) }))
    .filter(({ entries }) => entries.length > 0);
  return (
    <>
    <button
      type="button"
      className="icon-button search-toggle"
      aria-label="Search"
      aria-controls={formId}
      aria-expanded={shown}
      onClick={() => {
        setShown(true);
        // The box is displayed by this render; focus it once it is.
        window.requestAnimationFrame(() => inputRef.current?.focus());
      }}
    >
      <Icon name="search" />
    </button>
    <form id={formId} className={shown ? 'search-box search-box--shown' : 'search-box'} role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search pages, accounts and tickets
      </label>
      <Icon name="search" size={18} />
      <input
        id={inputId}
        type="search"
        role="combobox"
        placeholder="Search pages, accounts, tickets…"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        ref={inputRef}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          if (query.trim() === '') setShown(false);
        }}
      />
      <div id={listId} role="listbox" aria-label="Search results" className="search-box__results" hidden={!expanded}>
        {groups.map(({ kind, entries }) => (
          <div key={kind} role="group" aria-labelledby={`${listId}-${kind}`}>
            <div id={`${listId}-${kind}`} role="presentation" className="search-box__group">
              {GROUP_LABELS[kind]}
            </div>
            {entries.map(({ result, index }) => (
              <div
                key={result.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'search-box__option search-box__option--active' : 'search-box__option'}
                // Keeps focus in the input, so the click does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(result)}
              >
                <span className="visually-hidden">{KIND_LABELS[result.kind]}: </span>
                <span className="search-box__label">{result.label}</span>
                {result.detail === undefined || result.detail === '' ? null : <span className="search-box__detail"> · {result.detail}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
      {nothing ? (
        <p className="search-box__results search-box__empty" aria-hidden="true">
          No results for “{trimmed}”.
        </p>
      ) : null}
      <span className="visually-hidden" role="status">
        {message}
      </span>
    </form>
    </>
  );
}
