import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner';

/** Props of a button; `busy` disables it and shows a small spinner. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button in one of the app's styles. */
export function Button({ variant = 'primary', busy = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className ?? ''].filter(Boolean).join(' ')}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner size="small" label={null} /> : null}
      <span>{children}</span>
    </button>
  );
}
