// The promise types of the collections API (contract of issue 22), shared by the workspace and the
// promise operations so the schema holds each type once.
import { GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLNullableType } from '../../graphql/execution/graphql-js.js';
import { AWSDate, AWSDateTime } from '../../graphql/schema/aws-scalars.js';

const nonNull = <T extends GraphQLNullableType>(type: T) => ({ type: new GraphQLNonNull(type) });

/** PromiseInstallment. */
export const PROMISE_INSTALLMENT = new GraphQLObjectType({
  name: 'PromiseInstallment',
  description: 'One installment of a promise to pay, in integer cents, with its state (pending, kept, partially_kept, broken, cancelled).',
  fields: { seq: nonNull(GraphQLInt), dueDate: nonNull(AWSDate), amountCents: nonNull(GraphQLInt), paidCents: nonNull(GraphQLInt), state: nonNull(GraphQLString), lastKeepDate: nonNull(AWSDate) },
});

/** CollectionsPromise. */
export const COLLECTIONS_PROMISE = new GraphQLObjectType({
  name: 'CollectionsPromise',
  description: "A debtor's promise to pay on an account, with its installments and state.",
  fields: {
    id: nonNull(GraphQLID),
    accountId: nonNull(GraphQLID),
    debtorId: { type: GraphQLID },
    kind: nonNull(GraphQLString),
    totalCents: nonNull(GraphQLInt),
    graceDays: nonNull(GraphQLInt),
    timeZone: nonNull(GraphQLString),
    status: nonNull(GraphQLString),
    nextDueDate: { type: AWSDate },
    installments: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(PROMISE_INSTALLMENT))) },
    takenBy: { type: GraphQLString },
    takenByName: { type: GraphQLString },
    takenAt: nonNull(AWSDateTime),
    brokenAt: { type: AWSDateTime },
    cancelledAt: { type: AWSDateTime },
    cancelReason: { type: GraphQLString },
  },
});
