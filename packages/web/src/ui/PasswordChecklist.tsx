import { PASSWORD_RULES, checkPasswordPolicy } from '@steward/auth-core';

/** The live checklist of the password policy: each rule ticks as the password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const failed = new Set(checkPasswordPolicy(password).failed);
  return (
    <ul className="password-checklist" id={id} aria-label="Password requirements">
      {PASSWORD_RULES.map(({ rule, label }) => {
        const met = password !== '' && !failed.has(rule);
        return (
          <li key={rule} className={met ? 'password-checklist__rule password-checklist__rule--met' : 'password-checklist__rule'} data-rule={rule} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {label}
            <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
