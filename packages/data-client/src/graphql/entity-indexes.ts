// The sorted index queries of the data API (AppSync's `@index` queries with `sortDirection`), as the
// client knows them. A test checks the table against the server's schema.
import { entityFields, type EntityName, type FieldType } from './entity-fields.js';

/** One index query: records in `sortKey` order, within one `partitionKey` value when it has one. */
export interface IndexDefinition {
  readonly sortKey: string;
  readonly partitionKey?: string;
}

/** Every entity's index queries, by query name. */
export const entityIndexes = {
  AccountMdl: {
    accountMdlsByFileNumber: { sortKey: 'fileNumber' },
    accountMdlsByListedDate: { sortKey: 'listedDate' },
    accountMdlsByCurrentUpb: { sortKey: 'currentUpb' },
    accountMdlsByClientNumberAndListedDate: { partitionKey: 'clientNumber', sortKey: 'listedDate' },
    accountMdlsByClientNumberAndFileNumber: { partitionKey: 'clientNumber', sortKey: 'fileNumber' },
  },
  ContactMdl: {
    contactMdlsByDueDate: { sortKey: 'dueDate' },
    contactMdlsByFileNumber: { sortKey: 'fileNumber' },
    contactMdlsByAccountBalance: { sortKey: 'accountBalance' },
  },
  TransactionMdl: {
    transactionMdlsByPostedDate: { sortKey: 'postedDate' },
    transactionMdlsByFileNumber: { sortKey: 'fileNumber' },
    transactionMdlsByPaymentAmount: { sortKey: 'paymentAmount' },
  },
  TicketMdl: {
    ticketMdlsByDueDate: { sortKey: 'dueDate' },
    ticketMdlsByCreatedAt: { sortKey: 'createdAt' },
  },
  MappingMdl: {
    mappingMdlsByMapName: { sortKey: 'mapName' },
    mappingMdlsByUpdatedAt: { sortKey: 'updatedAt' },
  },
  DebtorMdl: {
    debtorMdlsByFileNumber: { sortKey: 'fileNumber' },
  },
  ImportMdl: {
    importMdlsByCreatedAt: { sortKey: 'createdAt' },
  },
  CampaignMdl: {
    campaignMdlsByCreatedAt: { sortKey: 'createdAt' },
  },
  CampaignContactMdl: {
    campaignContactMdlsByCampaignAndPlannedAt: { partitionKey: 'campaignmdlID', sortKey: 'plannedAt' },
    campaignContactMdlsByCampaignAndPlanDate: { partitionKey: 'campaignmdlID', sortKey: 'planDate' },
  },
  AccountActivityMdl: {
    accountActivityMdlsByAccountAndAt: { partitionKey: 'accountmdlID', sortKey: 'at' },
  },
} as const satisfies { readonly [N in EntityName]?: Readonly<Record<string, IndexDefinition>> };

type Indexes = typeof entityIndexes;

/** AppSync's ModelSortDirection. */
export type SortDirection = 'ASC' | 'DESC';

/** Names of the index queries of entity N (never for an entity without any). */
export type IndexQueryName<N extends EntityName> = N extends keyof Indexes ? keyof Indexes[N] & string : never;

type IndexOf<N extends EntityName, Q extends IndexQueryName<N>> = N extends keyof Indexes ? (Q extends keyof Indexes[N] ? Indexes[N][Q] : never) : never;

/** AppSync's key condition on a sort key. */
export interface KeyCondition<T> {
  eq?: T;
  le?: T;
  lt?: T;
  ge?: T;
  gt?: T;
  between?: [T, T];
  beginsWith?: string;
}

/** The partition argument: required (the partition key's value) exactly when the index has a partition key. */
export type PartitionArgument<N extends EntityName, Q extends IndexQueryName<N>> = IndexOf<N, Q> extends { readonly partitionKey: string } ? { partition: string } : { partition?: never };

/** Arguments of an index query besides its name. */
export type IndexQueryOptions<N extends EntityName, Q extends IndexQueryName<N>> = PartitionArgument<N, Q> & {
  sortDirection?: SortDirection;
  /** Restricts the sort key (dates and text as strings, numbers as numbers). */
  keyCondition?: KeyCondition<string | number>;
};

function fieldType(entity: EntityName, field: string): string {
  if (field === 'id') return 'ID';
  if (field === 'createdAt' || field === 'updatedAt') return 'AWSDateTime';
  const fields = entityFields[entity] as Readonly<Record<string, FieldType>>;
  const type = fields[field];
  if (type === undefined) throw new Error(`${entity} has no field ${field}`);
  return type.replace('@derived', '').replace('!', '');
}

function keyConditionInput(type: string): string {
  if (type === 'ID') return 'ModelIDKeyConditionInput';
  if (type === 'Int' || type === 'AWSTimestamp') return 'ModelIntKeyConditionInput';
  if (type === 'Float') return 'ModelFloatKeyConditionInput';
  return 'ModelStringKeyConditionInput';
}

/** The index definition of query `query` of `entity`, or undefined. */
export function indexDefinition(entity: EntityName, query: string): IndexDefinition | undefined {
  const indexes = (entityIndexes as Partial<Record<EntityName, Readonly<Record<string, IndexDefinition>>>>)[entity];
  return indexes?.[query];
}

/** The GraphQL document of an index query selecting `selection`, with its variable names. */
export function indexQueryDocument(entity: EntityName, query: string, selection: string): { document: string; partitionVariable: string | null; sortKey: string } {
  const index = indexDefinition(entity, query);
  if (index === undefined) throw new Error(`${entity} has no index query ${query}`);
  const vars = [`$keyCondition: ${keyConditionInput(fieldType(entity, index.sortKey))}`, '$sortDirection: ModelSortDirection', `$filter: Model${entity}FilterInput`, '$limit: Int', '$nextToken: String'];
  const args = [`${index.sortKey}: $keyCondition`, 'sortDirection: $sortDirection', 'filter: $filter', 'limit: $limit', 'nextToken: $nextToken'];
  if (index.partitionKey !== undefined) {
    vars.unshift(`$partition: ${fieldType(entity, index.partitionKey)}!`);
    args.unshift(`${index.partitionKey}: $partition`);
  }
  const name = `${query[0]?.toUpperCase() ?? ''}${query.slice(1)}`;
  return {
    document: `query ${name}(${vars.join(', ')}) { ${query}(${args.join(', ')}) { items { ${selection} } nextToken } }`,
    partitionVariable: index.partitionKey === undefined ? null : 'partition',
    sortKey: index.sortKey,
  };
}
