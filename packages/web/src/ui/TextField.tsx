import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** Props of a labelled text input with hint and error text. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; marks the field invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Content after the input inside the field row (a show-password button). */
  trailing?: ReactNode;
}

/** A labelled input whose error text sits next to it and is read out with it. */
export function TextField({ label, error, hint, trailing, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error === undefined || error === null || error === '' ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter((part) => part !== undefined).join(' ') || undefined;
  return (
    <div className={['field', errorId === undefined ? '' : 'field--invalid', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        <input
          {...input}
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={errorId === undefined ? undefined : true}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {hint === undefined ? null : (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {errorId === undefined ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
