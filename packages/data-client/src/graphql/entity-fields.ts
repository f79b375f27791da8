// The entities of the data API as the client knows them: each field with its GraphQL type. The
// record, input and filter types and the operation documents are derived from this one table; a
// test checks it against the server's schema.

/** GraphQL type of a field as written in the schema ('!' = non-null). `Int@derived` marks read-only date parts. */
export type FieldType =
  | 'ID'
  | 'ID!'
  | 'String'
  | 'String!'
  | 'Int'
  | 'Int@derived'
  | 'Float'
  | 'Boolean'
  | 'Boolean!'
  | 'AWSJSON'
  | 'AWSJSON!'
  | 'AWSDate'
  | 'AWSDateTime'
  | 'AWSDateTime!'
  | 'AWSTimestamp';

const dateParts = <P extends string>(prefix: P) =>
  ({ [`${prefix}Day`]: 'Int@derived', [`${prefix}Month`]: 'Int@derived', [`${prefix}Year`]: 'Int@derived' }) as Record<`${P}Day` | `${P}Month` | `${P}Year`, 'Int@derived'>;

/** Every entity's stored fields (id, createdAt, updatedAt and _version are added to all). */
export const entityFields = {
  SessionMdl: {
    sessionId: 'String!',
    userId: 'String!',
    sessionStart: 'AWSTimestamp',
    sessionLength: 'Int',
    sessionEnd: 'AWSTimestamp',
    isActive: 'Boolean!',
    sessionData: 'AWSJSON',
    userData: 'AWSJSON',
    configData: 'AWSJSON',
    usermdlID: 'ID',
    configmdlID: 'ID',
    sessionmdlID: 'ID',
  },
  UserMdl: {
    userId: 'String!',
    clientNumber: 'String',
    userType: 'String',
    title: 'String',
    firstName: 'String',
    lastName: 'String',
    email: 'String',
    employeeId: 'String',
    userConfig: 'AWSJSON',
    notifications: 'AWSJSON',
    clientmdlID: 'ID',
    sessionmdlID: 'ID',
    configmdlID: 'ID',
  },
  ConfigMdl: { configName: 'String', configJson: 'AWSJSON', config: 'AWSJSON', sessionmdlID: 'ID', usermdlID: 'ID', owner: 'String' },
  ClientMdl: { clientName: 'String', clientNumber: 'String' },
  AccountMdl: {
    accountStatus: 'String',
    amountPaid: 'Float',
    clientName: 'String',
    clientNumber: 'String',
    currentUpb: 'Float',
    fileNumber: 'String',
    listedDate: 'AWSDate',
    ...dateParts('listed'),
    operator: 'String',
    originalUpbLoaded: 'Float',
    tuScore: 'Int',
    zipCode: 'String',
    clientmdlID: 'ID',
    delinquencyDate: 'AWSDate',
    disputed: 'Boolean',
    // The collector's desk (issue 22, migration 0107): the assigned collector and the queue's facts.
    assignedTo: 'String',
    lastContactAt: 'AWSDateTime',
    promiseDueDate: 'AWSDate',
    brokenPromiseAt: 'AWSDateTime',
    followUpAt: 'AWSDateTime',
  },
  ContactMdl: {
    accountBalance: 'Float',
    accountStatus: 'String',
    clientNumber: 'String',
    completed: 'Boolean',
    createdDate: 'AWSDate',
    ...dateParts('created'),
    doneBy: 'String',
    dueDate: 'AWSDate',
    ...dateParts('due'),
    fileNumber: 'String',
    operator: 'String',
    paymentAmount: 'Float',
    accountmdlID: 'ID',
  },
  TransactionMdl: {
    clientNumber: 'String',
    contingencyAmount: 'Float',
    description: 'String',
    fileNumber: 'String',
    operator: 'String',
    paymentAmount: 'Float',
    paymentDate: 'AWSDate',
    ...dateParts('payment'),
    postedBy: 'String',
    postedDate: 'AWSDate',
    ...dateParts('posted'),
    transactionType: 'String',
    accountmdlID: 'ID',
    transactionRef: 'String',
    // Payment posting (issue 22, migration 0107): integer cents, the method and reversals.
    amountCents: 'Int',
    method: 'String',
    reversalOf: 'ID',
    reversedBy: 'ID',
    reversalReason: 'String',
  },
  TicketMdl: {
    subject: 'String',
    description: 'String',
    priority: 'String',
    status: 'String',
    dueDate: 'AWSDate',
    timelineEvents: 'AWSJSON',
    comments: 'AWSJSON',
    assignee: 'String',
    category: 'String',
  },
  UserTicket: { userMdlId: 'ID!', ticketMdlId: 'ID!' },
  MappingMdl: { mapName: 'String', mapData: 'AWSJSON' },
  TeamMdl: { teamName: 'String', teamDescription: 'String', teamMembers: 'AWSJSON', teamData: 'AWSJSON' },
  UserTeam: { userMdlId: 'ID!', teamMdlId: 'ID!' },
  Trackers: { trackerName: 'String', trackerDescription: 'String', trackerData: 'AWSJSON', usermdlID: 'ID', employeeId: 'String' },
  Goals: {
    goalName: 'String',
    goalDescription: 'String',
    metric: 'String',
    targetValue: 'Float',
    achievedValue: 'Float',
    periodStart: 'AWSDate',
    periodEnd: 'AWSDate',
    status: 'String',
    usermdlID: 'ID',
    employeeId: 'String',
  },
  Notifications: { title: 'String', message: 'String', category: 'String', link: 'String', isRead: 'Boolean', readAt: 'AWSDateTime', usermdlID: 'ID' },
  ModificationOptionMdl: {
    optionName: 'String',
    description: 'String',
    ratePercent: 'Float',
    termMonths: 'Int',
    balance: 'Float',
    monthlyPayment: 'Float',
    preparedBy: 'String',
    clientNumber: 'String',
    fileNumber: 'String',
    accountmdlID: 'ID',
  },
  DebtorMdl: {
    clientNumber: 'String',
    fileNumber: 'String',
    debtorSeq: 'Int',
    firstName: 'String',
    lastName: 'String',
    phone: 'String',
    email: 'String',
    streetAddress: 'String',
    city: 'String',
    zipCode: 'String',
    state: 'String',
    timeZone: 'String',
    doNotContact: 'AWSJSON',
    accountmdlID: 'ID',
  },
  ImportMdl: {
    fileName: 'String',
    fileSize: 'Int',
    fileHash: 'String',
    entityName: 'String',
    mappingId: 'ID',
    mapName: 'String',
    importedBy: 'String',
    status: 'String',
    totalRows: 'Int',
    validRows: 'Int',
    errorRows: 'Int',
    createdCount: 'Int',
    updatedCount: 'Int',
    rowsDone: 'Int',
    errors: 'AWSJSON',
    startedAt: 'AWSDateTime',
    finishedAt: 'AWSDateTime',
  },
  CampaignMdl: {
    campaignName: 'String',
    description: 'String',
    channel: 'String!',
    status: 'String',
    accountFilter: 'AWSJSON',
    startDate: 'AWSDate',
    endDate: 'AWSDate',
    timeZone: 'String',
    dailyWindows: 'AWSJSON',
    messageTemplate: 'String',
    messageSubject: 'String',
    maxAttemptsPerAccount: 'Int',
    plannedCount: 'Int',
    refusedCount: 'Int',
    lastPlannedAt: 'AWSDateTime',
    createdBy: 'String',
  },
  CampaignContactMdl: {
    campaignmdlID: 'ID!',
    accountmdlID: 'ID',
    debtormdlID: 'ID',
    clientNumber: 'String',
    fileNumber: 'String',
    debtorName: 'String',
    channel: 'String',
    plannedAt: 'AWSDateTime',
    planDate: 'AWSDate',
    status: 'String',
    reasons: 'AWSJSON',
    attemptedAt: 'AWSDateTime',
    outcome: 'String',
    jobId: 'ID',
  },
  ContactRuleMdl: { ruleName: 'String', scope: 'String!', scopeValue: 'String', rule: 'AWSJSON!', active: 'Boolean' },
  // The collector's desk (issue 22): read through the generic models, written only by the desk's operations.
  PromiseMdl: {
    accountmdlID: 'ID',
    debtormdlID: 'ID',
    clientNumber: 'String',
    fileNumber: 'String',
    kind: 'String!',
    totalCents: 'Int',
    graceDays: 'Int',
    timeZone: 'String',
    installments: 'AWSJSON',
    status: 'String',
    nextDueDate: 'AWSDate',
    takenBy: 'String',
    takenAt: 'AWSDateTime',
    brokenAt: 'AWSDateTime',
    cancelledAt: 'AWSDateTime',
    cancelReason: 'String',
    clientReference: 'String',
  },
  FollowUpMdl: {
    accountmdlID: 'ID',
    clientNumber: 'String',
    fileNumber: 'String',
    assignedTo: 'String',
    dueAt: 'AWSDateTime',
    reason: 'String',
    note: 'String',
    status: 'String',
    promisemdlID: 'ID',
    createdBy: 'String',
    doneAt: 'AWSDateTime',
    doneBy: 'String',
  },
  AccountActivityMdl: {
    accountmdlID: 'ID!',
    clientNumber: 'String',
    kind: 'String!',
    at: 'AWSDateTime!',
    actor: 'String',
    actorName: 'String',
    summary: 'String',
    details: 'AWSJSON',
    clientReference: 'String',
  },
} as const satisfies Record<string, Record<string, FieldType>>;

/** Name of an entity. */
export type EntityName = keyof typeof entityFields;

/** Plural used by list operations (Amplify's pluralization). */
export const entityPlurals: Readonly<Record<EntityName, string>> = {
  SessionMdl: 'SessionMdls',
  UserMdl: 'UserMdls',
  ConfigMdl: 'ConfigMdls',
  ClientMdl: 'ClientMdls',
  AccountMdl: 'AccountMdls',
  ContactMdl: 'ContactMdls',
  TransactionMdl: 'TransactionMdls',
  TicketMdl: 'TicketMdls',
  UserTicket: 'UserTickets',
  MappingMdl: 'MappingMdls',
  TeamMdl: 'TeamMdls',
  UserTeam: 'UserTeams',
  Trackers: 'Trackers',
  Goals: 'Goals',
  Notifications: 'Notifications',
  ModificationOptionMdl: 'ModificationOptionMdls',
  DebtorMdl: 'DebtorMdls',
  ImportMdl: 'ImportMdls',
  CampaignMdl: 'CampaignMdls',
  CampaignContactMdl: 'CampaignContactMdls',
  ContactRuleMdl: 'ContactRuleMdls',
  PromiseMdl: 'PromiseMdls',
  FollowUpMdl: 'FollowUpMdls',
  AccountActivityMdl: 'AccountActivityMdls',
};

/**
 * The natural keys of the entities that have one: what batchUpsert matches records on (a test checks
 * them against the server's batchUpsert mutations).
 */
export const entityNaturalKeys = {
  AccountMdl: ['clientNumber', 'fileNumber'],
  TransactionMdl: ['clientNumber', 'transactionRef'],
  DebtorMdl: ['clientNumber', 'fileNumber', 'debtorSeq'],
} as const satisfies { readonly [N in EntityName]?: readonly (keyof (typeof entityFields)[N] & string)[] };

/**
 * The list fields each entity adds items to on the server (appendToX): comments and timeline events
 * grow by appends, never by rewriting the list (a test checks them against the server's schema).
 */
export const entityAppendableFields = {
  TicketMdl: ['timelineEvents', 'comments'],
} as const satisfies { readonly [N in EntityName]?: readonly (keyof (typeof entityFields)[N] & string)[] };

/** An entity with appendable list fields (and so an append). */
export type AppendableEntity = keyof typeof entityAppendableFields;

/** The appendable list fields of entity N. */
export type AppendableField<N extends AppendableEntity> = (typeof entityAppendableFields)[N][number];

/** An entity with a natural key (and so a batchUpsert). */
export type NaturalKeyEntity = keyof typeof entityNaturalKeys;

/** All entity names. */
export const entityNames = Object.keys(entityFields) as EntityName[];

type Fields<N extends EntityName> = (typeof entityFields)[N];
type Base<T> = T extends 'Int' | 'Int@derived' | 'Float' | 'AWSTimestamp' ? number : T extends 'Boolean' | 'Boolean!' ? boolean : string;
type Value<T> = T extends `${string}!` ? Base<T> : Base<T> | null;
type Writable<N extends EntityName> = { [F in keyof Fields<N>]: Fields<N>[F] extends 'Int@derived' ? never : F }[keyof Fields<N>];
type RequiredKeys<N extends EntityName> = { [F in keyof Fields<N>]: Fields<N>[F] extends `${string}!` ? F : never }[keyof Fields<N>];

/** A record of entity N as the API returns it. */
export type EntityRecord<N extends EntityName> = { __typename?: N; id: string; createdAt: string; updatedAt: string; _version: number } & {
  -readonly [F in keyof Fields<N>]: Value<Fields<N>[F]>;
};

/** createX's input: required fields, optional others, optional id. */
export type CreateInput<N extends EntityName> = { id?: string } & { [F in Extract<RequiredKeys<N>, Writable<N>>]: Base<Fields<N>[F]> } & {
  [F in Exclude<Writable<N>, RequiredKeys<N>>]?: Value<Fields<N>[F]>;
};

/** One item of batchUpsert on N: createX's input with every natural key field set. */
export type BatchUpsertItem<N extends NaturalKeyEntity> = CreateInput<N> & {
  [F in (typeof entityNaturalKeys)[N][number]]: Base<Fields<N>[F & keyof Fields<N>]>;
};

/**
 * updateX's input: the id and any writable fields (null clears a field), and the `_version` the
 * record was read at: with it the write is refused (ConflictError) when someone else wrote since.
 */
export type UpdateInput<N extends EntityName> = { id: string; _version?: number } & { [F in Writable<N>]?: Value<Fields<N>[F]> };

/** Operators of one field's condition. */
export interface FieldCondition<T> {
  eq?: T | null;
  ne?: T | null;
  le?: T;
  lt?: T;
  ge?: T;
  gt?: T;
  between?: [T, T];
  contains?: string;
  notContains?: string;
  beginsWith?: string;
  attributeExists?: boolean;
}

/** A model filter of entity N: conditions on its fields, combined with and/or/not. */
export type ModelFilter<N extends EntityName> = { [F in keyof Fields<N> | 'id' | 'createdAt' | 'updatedAt']?: FieldCondition<F extends keyof Fields<N> ? Base<Fields<N>[F]> : string> } & {
  and?: ModelFilter<N>[];
  or?: ModelFilter<N>[];
  not?: ModelFilter<N>;
};

/** The GraphQL selection of all scalar fields of an entity. */
export function selectionOf(name: EntityName): string {
  return ['__typename', 'id', ...Object.keys(entityFields[name]), 'createdAt', 'updatedAt', '_version'].join(' ');
}
