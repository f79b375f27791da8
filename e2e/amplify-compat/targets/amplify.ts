// `compat-core` for aws-amplify: what an Amplify app imports besides aws-amplify/auth.
export { Amplify } from 'aws-amplify';
export { Hub } from 'aws-amplify/utils';
