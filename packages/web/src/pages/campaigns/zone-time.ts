// Instants shown as wall-clock time in a named zone: the campaign's (where its daily windows are
// read) and the viewer's own. Intl does the zone rules, so daylight-saving changes are right.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    formatters.set(zone, found);
  }
  return found;
}

/** "09:30 EST": the wall-clock time of `instant` (AWSDateTime) in `zone`, with the zone's short name; "–" when unreadable. */
export function timeInZone(instant: string | null | undefined, zone: string): string {
  if (instant === null || instant === undefined || instant === '') return '–';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '–';
  try {
    const parts = formatter(zone).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
  } catch {
    return '–';
  }
}

/** The browser's zone (the viewer's), read once per call so tests may change it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "America/Denver" → "Denver": the short place name of an IANA zone for column headers. */
export function zonePlace(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}
