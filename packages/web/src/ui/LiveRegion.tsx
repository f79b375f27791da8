/** Props of the live region. */
export interface LiveRegionProps {
  /** The message to announce and show; null or empty leaves the region silent. */
  message: string | null | undefined;
  /** 'error' is announced at once (assertive), 'status' politely. */
  tone?: 'error' | 'status';
  /** Extra advice shown under the message. */
  detail?: string | null | undefined;
  id?: string;
}

/**
 * A region screen readers watch: it is always in the page so a new message is announced the moment
 * it appears (a region inserted together with its text is often missed).
 */
export function LiveRegion({ message, tone = 'error', detail, id }: LiveRegionProps) {
  const hasMessage = message !== null && message !== undefined && message !== '';
  return (
    <div
      id={id}
      className={hasMessage ? `live-region live-region--${tone}` : 'live-region live-region--empty'}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {hasMessage ? (
        <>
          <p className="live-region__message">{message}</p>
          {detail === null || detail === undefined || detail === '' ? null : <p className="live-region__detail">{detail}</p>}
        </>
      ) : null}
    </div>
  );
}
