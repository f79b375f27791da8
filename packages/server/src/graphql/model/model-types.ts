// The vocabulary of the data model: scalar fields, relations and access rules. One definition in
// data-model.ts uses it; the schema, the DDL, the SQL and the authorization checks are all derived.

/** GraphQL scalar of a field; each maps to one PostgreSQL column type (see sql/ddl.ts). */
export type ScalarKind = 'ID' | 'String' | 'Int' | 'Float' | 'Boolean' | 'AWSJSON' | 'AWSDate' | 'AWSDateTime' | 'AWSTimestamp';

/** One stored field of an entity. */
export interface ScalarField {
  readonly kind: ScalarKind;
  /** Non-null in the object type and required in the create input. */
  readonly required?: boolean;
  /** Filtered on by the product: gets an index on (field, id) so filtered keyset pages are index scans. */
  readonly indexed?: boolean;
  /** Money or other exact decimals: numeric(18,2) in the table, Float on the wire. */
  readonly decimal?: boolean;
  /** Only the Admins group may set or change it (e.g. a user's userType or clientNumber). */
  readonly adminOnly?: boolean;
  /**
   * For AWSDate fields: names of the derived day, month and year fields. They are generated columns,
   * read-only on the API, so they can never disagree with their date.
   */
  readonly dateParts?: { readonly day: string; readonly month: string; readonly year: string };
  /**
   * The migration that added this field to an entity whose table already existed (an ALTER TABLE in
   * that generated migration); absent for fields the table was created with.
   */
  readonly addedIn?: number;
  /**
   * An AWSJSON list of entries (comments, timeline events): appendToX adds one item on the server,
   * stamped with its author and time, so two writers never replace each other's items.
   */
  readonly appendable?: boolean;
}

/** A list of records of `target` whose `foreignKey` holds this record's id, as a paged connection. */
export interface HasManyRelation {
  readonly kind: 'hasMany';
  readonly target: string;
  readonly foreignKey: string;
}

/** The record of `target` whose id is held in this record's `foreignKey`. */
export interface BelongsToRelation {
  readonly kind: 'belongsTo';
  readonly target: string;
  readonly foreignKey: string;
}

/** A relation field of an entity. */
export type Relation = HasManyRelation | BelongsToRelation;

/**
 * Who may do something, besides the `Admins` group (which may do everything):
 * - `staff`: callers whose UserMdl has userType 'staff' or who are in the `Staff` group;
 * - `{ owner }`: callers whose token `sub` equals the record's `owner` field;
 * - `{ ownerRecord }`: callers whose own UserMdl id equals the record's `ownerRecord` field;
 * - `{ client }`: client users (a UserMdl with a clientNumber, not staff) whose clientNumber equals the record's `client` field.
 */
export type Grant = 'staff' | { readonly owner: string } | { readonly ownerRecord: string } | { readonly client: string };

/** The grants of each operation on an entity; an empty list means Admins only. */
export interface AccessRules {
  readonly read: readonly Grant[];
  readonly create: readonly Grant[];
  readonly update: readonly Grant[];
  readonly delete: readonly Grant[];
}

/**
 * At most one record per `scope` value has `flag` true. Creating or activating a record deactivates
 * the others in the same transaction (setting `endField` to now, epoch seconds); a partial unique
 * index enforces the invariant in the database.
 */
export interface SingleActiveRule {
  readonly scope: string;
  readonly flag: string;
  readonly endField: string;
}

/**
 * A sorted index query, as AppSync generates for `@index(sortKeyFields: …, queryField: …)`:
 * `queryField(partitionKey: value!, sortKey: KeyCondition, sortDirection: ASC|DESC, filter, limit, nextToken)`.
 * As in a DynamoDB index, records whose sort key is null are not in it. Without `partitionKey` the
 * query covers every record the caller may read (an extension: DynamoDB would need a scan, PostgreSQL
 * walks the index on (sortKey, id)).
 */
export interface SortedIndex {
  readonly queryField: string;
  readonly partitionKey?: string;
  readonly sortKey: string;
}

/** One entity (GraphQL type, table and CRUD operations). */
export interface EntityDefinition {
  /** Type and table name, e.g. AccountMdl. */
  readonly name: string;
  /** Plural used in list operation names (listAccountMdls), as Amplify pluralizes. */
  readonly plural: string;
  readonly description: string;
  readonly fields: Readonly<Record<string, ScalarField>>;
  readonly relations?: Readonly<Record<string, Relation>>;
  /** Extra composite indexes for filters used together (id is appended to each). */
  readonly compositeIndexes?: readonly (readonly string[])[];
  /** The migration that made each composite index (key: its fields joined by ','), when later than its columns. */
  readonly compositeIndexesAddedIn?: Readonly<Record<string, number>>;
  /** Query fields listing records in the order of a sort key (each gets its index). */
  readonly sortedIndexes?: readonly SortedIndex[];
  /** Fields whose non-null values are unique. */
  readonly uniqueFields?: readonly string[];
  /**
   * The migration that made each unique field unique, when later than the table (the constraint of
   * a shipped table gets its own migration, which refuses a database already holding duplicates).
   */
  readonly uniqueFieldsAddedIn?: Readonly<Record<string, number>>;
  /**
   * The fields that name a record in the outside world (an account: client number and file number):
   * unique together when all are set, and the conflict target of the batch upsert mutation.
   */
  readonly naturalKey?: readonly string[];
  readonly access: AccessRules;
  readonly singleActive?: SingleActiveRule;
}
