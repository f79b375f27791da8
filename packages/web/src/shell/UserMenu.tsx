import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLifecycleDeps } from '../app/ports-context';
import { signOutUser } from '../app/session-lifecycle';
import { displayName, useUserStore } from '../stores/user-store';
import { Icon } from './icons';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase());
  return (letters.length > 1 ? `${letters[0] ?? ''}${letters[letters.length - 1] ?? ''}` : (letters[0] ?? 'U')).slice(0, 2);
}

/** The user menu: profile, sign out, and sign out everywhere (every device). */
export function UserMenu() {
  const user = useUserStore();
  const deps = useLifecycleDeps();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'local' | 'global' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent): void => {
      if (rootRef.current !== null && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('.user-menu__panel a, .user-menu__panel button')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async (global: boolean): Promise<void> => {
    setBusy(global ? 'global' : 'local');
    await signOutUser(deps, { global });
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="user-menu__name">{name}</span>
        <span className="visually-hidden">: open the user menu</span>
      </button>
      {open ? (
        <div className="user-menu__panel" id={menuId}>
          <div className="user-menu__who">
            <strong>{name}</strong>
            {user.email === null ? null : <span>{user.email}</span>}
          </div>
          <ul>
            <li>
              <Link to="/settings/profile" className="user-menu__item" onClick={() => setOpen(false)}>
                <Icon name="profile" /> Profile
              </Link>
            </li>
            <li>
              <button type="button" className="user-menu__item" disabled={busy !== null} onClick={() => void signOut(false)}>
                <Icon name="logout" /> {busy === 'local' ? 'Signing out…' : 'Sign out'}
              </button>
            </li>
            <li>
              <button type="button" className="user-menu__item" disabled={busy !== null} onClick={() => void signOut(true)}>
                <Icon name="logout" /> {busy === 'global' ? 'Signing out everywhere…' : 'Sign out everywhere'}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
