// The promise types of the collections API (contract of issue 22): the money schema defines them;
// the workspace reuses the same objects so the schema holds each type once.
export { COLLECTIONS_PROMISE } from './money-schema.js';
