// @steward/data-client: typed client of Steward's AppSync-style data API, and the session, user
// and config rules of the product (spec sections 3, 4, 7, 8, 9).
export { createDataClient, configureDataClient, getDataClient, type DataClient, type DataClientOptions, type SignInRecord } from './client/data-client.js';
export { systemClock, consoleLogger, epochSeconds, type AuthPort, type Clock, type DataClientLogger, type RandomSource, type SessionTokens, type TokenLike } from './client/ports.js';
export { createGraphqlTransport, authCoreTokenSource, type GraphqlTransport, type GraphqlTransportOptions, type TokenSource } from './graphql/graphql-transport.js';
export {
  createModelClient,
  type AppendInput,
  type AppendOperation,
  type BatchUpsertCounts,
  type BatchUpsertOperation,
  type EntityCrudOperations,
  type EntityOperations,
  type ListOptions,
  type ModelClient,
  type PageOf,
} from './graphql/model-client.js';
export {
  entityIndexes,
  indexDefinition,
  indexQueryDocument,
  type IndexDefinition,
  type IndexQueryName,
  type IndexQueryOptions,
  type KeyCondition,
  type PartitionArgument,
  type SortDirection,
} from './graphql/entity-indexes.js';
export {
  entityAppendableFields,
  entityFields,
  entityNames,
  entityNaturalKeys,
  entityPlurals,
  selectionOf,
  type AppendableEntity,
  type AppendableField,
  type BatchUpsertItem,
  type CreateInput,
  type EntityName,
  type EntityRecord,
  type FieldCondition,
  type FieldType,
  type ModelFilter,
  type NaturalKeyEntity,
  type UpdateInput,
} from './graphql/entity-fields.js';
export {
  campaignDocuments,
  createCampaignOperations,
  type CampaignContactEntry,
  type CampaignOperations,
  type CampaignMessagePreview,
  type CampaignPlanDay,
  type CampaignPlanSummary,
  type ContactOutcomeInput,
} from './campaigns/campaign-operations.js';
export {
  ContactNotAllowedError,
  collectionsDocuments,
  collectionsError,
  createCollectionsOperations,
  type AccountActivity,
  type AccountBalances,
  type AccountWorkspace,
  type Cents,
  type CollectionsDashboard,
  type CollectionsOperations,
  type CollectionsPromise,
  type Collector,
  type ContactRefusalReason,
  type FollowUp,
  type LedgerEntry,
  type PaymentPosting,
  type PostPaymentInput,
  type PromiseInstallment,
  type PromiseScheduleInput,
  type RecordCallInput,
  type RecordCallResult,
  type ReversePaymentInput,
  type TakePromiseInput,
  type WorkQueueItem,
  type WorkQueuePage,
  type WorkQueueQuery,
  type WorkspaceAccount,
  type WorkspaceDebtor,
} from './collections/collections-operations.js';
export { SessionStore, SESSION_MESSAGES, type CreatedSession, type NewSession, type SessionRecord, type SessionStoreOptions, type SessionValidation } from './sessions/session-store.js';
export { newSessionId, compactTimestamp, type SessionIdFormat } from './sessions/session-id.js';
export { DEFAULT_SESSION_LENGTH_SECONDS, isSessionExpired, newestSession, sessionDataOf, sessionEndOf, sessionLengthFrom } from './sessions/session-rules.js';
export { temporaryNames, temporaryProfile, type TemporaryProfile, type UserAttributes } from './users/temporary-profile.js';
export { UserLoader, userLookups, type LoadedUser, type UserLoadResult, type UserRecord } from './users/user-loader.js';
export { toUserState, type UserStateFields } from './users/user-state.js';
export { ConfigLoader, userConfigName, type ConfigRecord } from './config/config-loader.js';
export { mergeSetting, saveSetting, type SavedSetting } from './config/settings.js';
export {
  BatchItemsInvalidError,
  ConflictError,
  DataApiRequestError,
  DataClientError,
  dataClientErrorCatalogue,
  isDataClientError,
  type BatchItemProblem,
  type DataClientErrorName,
  type GraphqlErrorEntry,
} from './errors/data-client-errors.js';
