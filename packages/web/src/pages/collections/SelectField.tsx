import { useId } from 'react';
import type { SelectHTMLAttributes } from 'react';

/** One option of a select. */
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** A labelled select in the app's field style. */
export function SelectField({ label, options, error, ...select }: { label: string; options: readonly SelectOption[]; error?: string | null } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  const errorId = error === undefined || error === null || error === '' ? undefined : `${id}-error`;
  return (
    <div className={['field', errorId === undefined ? '' : 'field--invalid'].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} className="select" aria-invalid={errorId === undefined ? undefined : true} aria-describedby={errorId}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorId === undefined ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
