// The zone a promise's due dates are calendar dates in: the debtor's own IANA zone, else the zone of
// the debtor's (or the account's) ZIP code, else the organisation's default. One zone, not the
// contact rules' set of possible zones: a due date is one calendar day, and the ZIP code's own zone
// is where the debtor most likely keeps their calendar.
import type { Queryable } from '../../db/database.js';
import { datasetZoneOfZip, normalizeZip, zonesOfZip } from '../../campaigns/contact-rules/zip-time-zones.js';
import { MoneyOperationError } from '../payments/money-error.js';

/** The organisation's zone when nothing is known of the debtor's (documented in docs/server.md). */
export const DEFAULT_ORGANISATION_TIME_ZONE = 'America/New_York';

/** The canonical IANA name of a zone the platform knows, or null. */
function knownZone(timeZone: string): string | null {
  if (timeZone.trim() === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The debtor a promise is taken from, as far as its zone goes. */
export interface PromiseDebtor {
  readonly id: string | null;
  readonly timeZone: string;
}

/** The zone of a ZIP code: its own zone in the dataset, else the first of its neighbourhood's; null when unknown. */
export function zoneOfZip(zipCode: string | null): string | null {
  const zip = zipCode === null ? null : normalizeZip(zipCode);
  if (zip === null) return null;
  return datasetZoneOfZip(zip) ?? zonesOfZip(zip)?.zones[0] ?? null;
}

interface DebtorRow {
  id: string;
  timeZone: string | null;
  zipCode: string | null;
}

/**
 * The debtor (given, else the account's first by debtorSeq, else none) and their zone. UNKNOWN_DEBTOR
 * when `debtorId` is not a debtor of the account.
 */
export async function promiseDebtor(db: Queryable, account: { readonly id: string; readonly zipCode: string | null }, debtorId: string | null | undefined, defaultZone: string): Promise<PromiseDebtor> {
  const rows =
    debtorId === null || debtorId === undefined
      ? await db.query<DebtorRow>(`SELECT "id", "timeZone", "zipCode" FROM "DebtorMdl" WHERE "accountmdlID" = $1 ORDER BY "debtorSeq" NULLS LAST, "id" LIMIT 1`, [account.id])
      : await db.query<DebtorRow>(`SELECT "id", "timeZone", "zipCode" FROM "DebtorMdl" WHERE "id" = $1 AND "accountmdlID" = $2`, [debtorId, account.id]);
  const debtor = rows[0];
  if (debtor === undefined && debtorId !== null && debtorId !== undefined) throw new MoneyOperationError('UNKNOWN_DEBTOR', `There is no debtor ${JSON.stringify(debtorId)} on account ${account.id}.`);
  const own = debtor?.timeZone === null || debtor?.timeZone === undefined ? null : knownZone(debtor.timeZone);
  const zone = own ?? zoneOfZip(debtor?.zipCode ?? null) ?? zoneOfZip(account.zipCode) ?? defaultZone;
  return { id: debtor?.id ?? null, timeZone: zone };
}
