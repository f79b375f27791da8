import { useEffect, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { LiveRegion } from '../ui/LiveRegion';
import type { FriendlyError } from './error-messages';
import './auth.css';
import '../ui/ui.css';

/** The frame of every sign-in screen: product name, title, the live error region and the content. */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="auth-card__brand">Steward</p>
        <h1 className="auth-card__title">{title}</h1>
        {description === undefined ? null : <div className="auth-card__description">{description}</div>}
        {children}
        {footer === undefined ? null : <div className="auth-card__footer">{footer}</div>}
      </div>
    </main>
  );
}

/** Props of one step's form. */
export interface StepFormProps {
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  error: FriendlyError | null;
  children: ReactNode;
  /** Buttons after the submit button (cancel, resend). */
  secondary?: ReactNode;
  /** Accessible name of the form. */
  label?: string;
}

/**
 * A step's form: the fields, the live region that announces errors (visible when the error concerns
 * the whole step; next to its field otherwise), and focus moved to the field in error.
 */
export function StepForm({ onSubmit, submitLabel, busy, error, children, secondary, label }: StepFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error === null) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [error]);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label={label} aria-busy={busy}>
      <div className={error !== null && error.field !== 'form' ? 'visually-hidden' : undefined}>
        <LiveRegion message={error?.message} detail={error?.detail} />
      </div>
      {children}
      <div className="auth-form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
