import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from './icons';
import { menuLinks } from './menu';

const LINKS = menuLinks();

/** The top bar's search box: finds a page by name and goes there. */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState('');
  const navigate = useNavigate();
  const listId = useId();
  const inputId = useId();

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const wanted = query.trim().toLowerCase();
    if (wanted === '') return;
    const match =
      LINKS.find((link) => link.label.toLowerCase() === wanted) ??
      LINKS.find((link) => link.label.toLowerCase().includes(wanted)) ??
      LINKS.find((link) => link.path.toLowerCase().includes(wanted.replace(/\s+/g, '-')));
    if (match === undefined) {
      setMessage(`No page matches “${query.trim()}”.`);
      return;
    }
    setMessage('');
    setQuery('');
    void navigate(match.path);
  };

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search pages
      </label>
      <Icon name="search" size={18} />
      <input id={inputId} type="search" placeholder="Search pages…" list={listId} value={query} onChange={(event) => setQuery(event.target.value)} />
      <datalist id={listId}>
        {LINKS.map((link) => (
          <option key={link.path} value={link.label} />
        ))}
      </datalist>
      <span className="visually-hidden" role="status">
        {message}
      </span>
    </form>
  );
}
