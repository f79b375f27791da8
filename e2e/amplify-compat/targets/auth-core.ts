// `compat-core` for auth-core: the same two names, from @steward/auth-core.
export { Amplify, Hub } from '@steward/auth-core';
