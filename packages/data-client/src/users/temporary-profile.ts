/** Identity attributes as fetchUserAttributes returns them. */
export type UserAttributes = Readonly<Record<string, string | undefined>>;

/** The profile used when no user record exists or the lookup fails (spec section 8). */
export interface TemporaryProfile {
  readonly id: string;
  readonly userId: string;
  readonly userType: 'user';
  readonly title: '';
  readonly clientNumber: '';
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userConfig: string | null;
  readonly clientmdlID: null;
  readonly configmdlID: null;
  readonly temporary: true;
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * First and last name from the attributes: given/family name; else `name` split on spaces; else
 * preferred_username split on a dot; else first name 'User'.
 */
export function temporaryNames(attributes: UserAttributes): { firstName: string; lastName: string } {
  if (present(attributes.given_name) || present(attributes.family_name)) {
    return { firstName: attributes.given_name?.trim() ?? '', lastName: attributes.family_name?.trim() ?? '' };
  }
  if (present(attributes.name)) {
    const [first = '', ...rest] = attributes.name.trim().split(/\s+/);
    return { firstName: first, lastName: rest.join(' ') };
  }
  if (present(attributes.preferred_username)) {
    const [first = '', ...rest] = attributes.preferred_username.trim().split('.');
    if (first !== '') return { firstName: first, lastName: rest.filter((p) => p !== '').join(' ') };
  }
  return { firstName: 'User', lastName: '' };
}

/** The temporary profile of subject `sub`: id temp-<sub>, userType 'user', empty title and client number. */
export function temporaryProfile(sub: string, attributes: UserAttributes): TemporaryProfile {
  return {
    id: `temp-${sub}`,
    userId: sub,
    userType: 'user',
    title: '',
    clientNumber: '',
    ...temporaryNames(attributes),
    email: attributes.email ?? '',
    userConfig: null,
    clientmdlID: null,
    configmdlID: null,
    temporary: true,
  };
}
