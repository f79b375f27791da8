/** Props of the spinner; `label` is read to screen readers (null when the context already says it). */
export interface SpinnerProps {
  size?: 'small' | 'large';
  label?: string | null;
}

/** A rotating ring. */
export function Spinner({ size = 'large', label = 'Loading' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role={label === null ? undefined : 'status'} aria-hidden={label === null ? true : undefined}>
      {label === null ? null : <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** The full-screen spinner shown while the session is checked at startup. */
export function FullScreenSpinner({ label = 'Checking your session…' }: { label?: string }) {
  return (
    <div className="full-screen-spinner" data-testid="full-screen-spinner">
      <Spinner size="large" label={label} />
    </div>
  );
}
