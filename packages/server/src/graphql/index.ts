// The data API: one model definition -> GraphQL schema, tables, resolvers and access rules.
export { registerGraphqlApi, graphqlApiPlugin, tokenFromHeader, type GraphqlApiOptions } from './http/graphql-plugin.js';
export { dataModel } from './model/data-model.js';
export { resolveModel, type DataModel, type ModelEntity } from './model/resolved-model.js';
export type { EntityDefinition, AccessRules, Grant } from './model/model-types.js';
export { buildDataApiSchema, type SchemaExtension, type SchemaFields } from './schema/build-schema.js';
export { modelDdl } from './sql/ddl.js';
export { defaultQueryLimits, type QueryLimits } from './limits/query-limits.js';
export type { AccessTokenClaims, VerifyAccessToken } from './authorization/caller.js';
export { DataApiError, dataApiErrorCatalogue, type DataApiErrorType } from './errors/data-api-errors.js';
