// What the scheduler reads and writes, over the app's data port: campaigns newest first, clients
// for the picker, one day of a plan in time order, and the campaign operations (plan, day counts,
// task outcomes). The operations are built here so their code arrives with this page only.
import { useCallback, useEffect, useState } from 'react';
import { DataApiRequestError, createCampaignOperations } from '@steward/data-client';
import type { CampaignOperations } from '@steward/data-client';
import type { DataPort } from '../../app/ports';
import { useServices } from '../../app/ports-context';
import { describeDataError } from '../entities/data-errors';
import type { DataProblem } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import { textOf } from '../entities/format';
import type { EntityRow, IndexListOptions } from '../entities/entity-access';

/** A load in progress, done or failed. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; problem: DataProblem };

// A runaway plan must not make the page page forever: this many rows is more than a day shows.
const MAX_PAGES = 20;

async function allByIndex(data: DataPort, entity: 'CampaignMdl' | 'CampaignContactMdl', query: string, options: IndexListOptions): Promise<EntityRow[]> {
  const rows: EntityRow[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await entityAccess(data, entity).listByIndex(query, { ...options, nextToken });
    rows.push(...result.items);
    nextToken = result.nextToken;
    if (nextToken === null) break;
  }
  return rows;
}

/** Every campaign, newest first. */
export function loadCampaigns(data: DataPort): Promise<EntityRow[]> {
  return allByIndex(data, 'CampaignMdl', 'campaignMdlsByCreatedAt', { sortDirection: 'DESC', limit: 100 });
}

/** The clients the form offers, by name. */
export async function loadClients(data: DataPort): Promise<EntityRow[]> {
  const rows: EntityRow[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await entityAccess(data, 'ClientMdl').list({ limit: 500, nextToken });
    rows.push(...result.items);
    nextToken = result.nextToken;
    if (nextToken === null) break;
  }
  const name = (row: EntityRow): string => textOf(row.clientName, textOf(row.clientNumber));
  return rows.sort((a, b) => name(a).localeCompare(name(b)));
}

function plannedAtOf(row: EntityRow): string {
  return typeof row.plannedAt === 'string' ? row.plannedAt : '';
}

/** One campaign-zone day of a plan, by planned time (refused entries without a time last). */
export async function loadPlanDay(data: DataPort, campaignId: string, date: string): Promise<EntityRow[]> {
  const rows = await allByIndex(data, 'CampaignContactMdl', 'campaignContactMdlsByCampaignAndPlanDate', { sortDirection: 'ASC', partition: campaignId, keyCondition: { eq: date }, limit: 200 });
  return rows
    .filter((row) => row.planDate === date)
    .sort((a, b) => {
      const [x, y] = [plannedAtOf(a), plannedAtOf(b)];
      if (x === y) return a.id < b.id ? -1 : 1;
      if (x === '') return 1;
      if (y === '') return -1;
      return x < y ? -1 : 1;
    });
}

/**
 * A refused campaign operation in the server's own words ("The campaign ended on 2026-12-31: no day
 * is left to plan."), which say what to change; other failures as the list pages word them.
 */
export function campaignProblem(failure: unknown): DataProblem {
  if (failure instanceof DataApiRequestError && failure.errors.length > 0) {
    const type = failure.errorType;
    if (type !== 'Unauthorized' && type !== 'UnauthorizedException') return { message: failure.errors.map((e) => e.message).join(' ') };
  }
  return describeDataError(failure);
}

/** The campaign operations over the signed-in user's transport. */
export function useCampaignOperations(): () => Promise<CampaignOperations> {
  const { data } = useServices();
  return useCallback(async () => createCampaignOperations(await data.transport()), [data]);
}

/**
 * Runs `load` when it changes; `reload` runs it again while the last value stays on screen (so a
 * refresh after a change does not blank the page). A late answer of an old load is dropped.
 */
export function useLoaded<T>(load: (() => Promise<T>) | null): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState(() => load);
  if (loaded !== load) {
    // A different load (another campaign or day): what is shown belongs to the old one.
    setLoaded(() => load);
    setState({ status: 'loading' });
  }
  useEffect(() => {
    if (load === null) return;
    let current = true;
    load().then(
      (value) => current && setState({ status: 'ready', value }),
      (failure: unknown) => current && setState({ status: 'failed', problem: describeDataError(failure) }),
    );
    return () => {
      current = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
