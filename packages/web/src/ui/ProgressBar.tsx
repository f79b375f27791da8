/** The thin bar across the top of the content area while a route chunk or data loads. */
export function TopProgressBar({ active }: { active: boolean }) {
  return (
    <div className={active ? 'top-progress top-progress--active' : 'top-progress'} role="progressbar" aria-label="Loading" aria-hidden={!active} aria-busy={active}>
      <div className="top-progress__bar" />
    </div>
  );
}
