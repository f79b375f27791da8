import { useEffect } from 'react';
import type { ReactNode } from 'react';

/** A page's heading: sets the document title and shows the title, description and actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Steward`;
  }, [title]);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {description === undefined ? null : <p className="page-header__description">{description}</p>}
      </div>
      {actions === undefined ? null : <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
