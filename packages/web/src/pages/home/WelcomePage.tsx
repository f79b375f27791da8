import { Link } from 'react-router-dom';
import { displayName, useUserStore } from '../../stores/user-store';
import { PageHeader } from '../PageHeader';

/** `/` for a signed-in user with no profile yet (self-registered, or not linked to a client): what happens next. */
export function WelcomePage() {
  const user = useUserStore();
  const failed = user.status === 'failed';
  return (
    <section className="page">
      <PageHeader title="Welcome to Steward" description={`Hello, ${displayName(user)}. Your account is set up and signed in.`} />
      <div className="card welcome">
        <h2 className="card__title">{failed ? 'We could not load your profile' : 'Your account is waiting to be linked'}</h2>
        {failed ? (
          <p>Steward could not read your profile just now. Reload the page in a minute; if this keeps happening, contact support.</p>
        ) : (
          <p>Before you can see accounts, documents or tickets, an administrator has to link your account to your organisation or give it a staff role.</p>
        )}
        <h2 className="card__title">What to do next</h2>
        <ol className="welcome__steps">
          <li>
            Ask your administrator or your Steward contact to link your account. Give them the email address you signed up with
            {user.email === null || user.email === '' ? '' : ` (${user.email})`}.
          </li>
          <li>Once they have, sign out and sign in again: the menu then shows the pages you can use.</li>
          <li>
            Meanwhile you can check your details and two-step sign-in on <Link to="/settings/profile">your profile</Link>, or try the{' '}
            <Link to="/mortgages/estimator">payment estimator</Link>.
          </li>
          <li>If nobody has linked your account after two working days, contact support and mention your email address.</li>
        </ol>
      </div>
    </section>
  );
}
