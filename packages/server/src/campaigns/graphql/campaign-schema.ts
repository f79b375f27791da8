// The campaign operations of the data API, beside the generated ones: planCampaign, campaignPlanDays
// and recordCampaignContactOutcome. Thin: authorize as the generated resolvers do, call the service,
// turn its refusals into the API's typed errors.
import type { RenderedMessage } from '@steward/collections';
import { TEMPLATE_PLACEHOLDERS, renderCampaignMessage, unknownPlaceholders } from '@steward/collections';
import { decideAccess, type Operation } from '../../graphql/authorization/access-policy.js';
import { DataApiError, notAuthorized } from '../../graphql/errors/data-api-errors.js';
import { GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLResolveInfo } from '../../graphql/execution/graphql-js.js';
import type { DataApiContext } from '../../graphql/resolvers/data-api-context.js';
import { selectedRecordFields } from '../../graphql/resolvers/field-selection.js';
import { AWSDate } from '../../graphql/schema/aws-scalars.js';
import type { SchemaExtension } from '../../graphql/schema/build-schema.js';
import { CampaignError, type CampaignService } from '../campaign-service.js';

/** Only callers with full access to the entity (staff, Admins) may use a campaign operation. */
function authorize(ctx: DataApiContext, entityName: string, operation: Operation, info: GraphQLResolveInfo): void {
  if (decideAccess(ctx.store.entity(entityName), operation, ctx.caller).kind !== 'all') throw notAuthorized(info.fieldName, info.parentType.name);
}

/** The service's refusals as the API's typed errors (never an InternalFailure). */
async function typed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CampaignError)) throw error;
    throw new DataApiError(error.code === 'CONFLICT' ? 'ConditionalCheckFailedException' : error.code === 'UNKNOWN_PLACEHOLDER' ? 'UnknownTemplatePlaceholderException' : 'BadRequestException', error.message);
  }
}

const count = { type: new GraphQLNonNull(GraphQLInt) };

const PLAN_SUMMARY = new GraphQLObjectType({
  name: 'CampaignPlanSummary',
  description: 'What planning a campaign did: entries planned and refused, and planned entries of the previous plan cancelled; or, queued, that a background job plans it (counts 0, the campaign is planning until done).',
  fields: {
    campaignId: { type: new GraphQLNonNull(GraphQLID) },
    planned: count,
    refused: count,
    cancelled: count,
    queued: { type: new GraphQLNonNull(GraphQLBoolean), description: "True when the filter selects more accounts than are planned in the request: a job plans them, the campaign's status is planning meanwhile." },
    accounts: { type: new GraphQLNonNull(GraphQLInt), description: 'Accounts the filter selected when asked (what a queued plan covers).' },
  },
});

const MESSAGE_PREVIEW = new GraphQLObjectType({
  name: 'CampaignMessagePreview',
  description: 'A campaign message as a sample consumer would receive it: the templates filled in, with the disclosure and the way to opt out the server always adds.',
  fields: { subject: { type: GraphQLString, description: 'For an email; null for a text.' }, body: { type: new GraphQLNonNull(GraphQLString) } },
});

/** The sample consumer a preview is filled in for. */
const PREVIEW_VALUES = { firstName: 'Jordan', lastName: 'Sample', fileNumber: 'F-100234', balance: 1234.56, clientName: 'Sample Client' };

/** The preview of a message, or UnknownTemplatePlaceholderException naming the placeholders Steward does not fill in. */
function previewMessage(channel: string, subject: string | null | undefined, body: string): RenderedMessage {
  if (channel !== 'email' && channel !== 'sms') throw new DataApiError('BadRequestException', `Only email and sms campaigns have messages, not ${JSON.stringify(channel)}.`);
  const unknown = [...new Set([...unknownPlaceholders(body), ...unknownPlaceholders(subject ?? '')])];
  if (unknown.length > 0) {
    throw new DataApiError('UnknownTemplatePlaceholderException', `The message uses ${unknown.map((n) => `{{${n}}}`).join(', ')}, which Steward does not fill in; use ${TEMPLATE_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ')}.`);
  }
  if (channel === 'sms') return renderCampaignMessage({ channel, bodyTemplate: body, values: PREVIEW_VALUES });
  return renderCampaignMessage({ channel, subjectTemplate: subject ?? null, bodyTemplate: body, values: PREVIEW_VALUES, optOutUrl: 'https://…/opt-out/…' });
}

const PLAN_DAY = new GraphQLObjectType({
  name: 'CampaignPlanDay',
  description: "One day of a campaign's plan (campaign-zone date) with its entries counted by status.",
  fields: { date: { type: new GraphQLNonNull(AWSDate) }, planned: count, refused: count, sent: count, tasks: count, done: count, failed: count, cancelled: count },
});

/** The campaign fields of the schema, served by `service`. */
export function campaignSchemaExtension(service: CampaignService): SchemaExtension {
  return ({ entityType }) => ({
    query: {
      previewCampaignMessage: {
        type: new GraphQLNonNull(MESSAGE_PREVIEW),
        description: "A campaign's subject and body templates rendered for a sample consumer, exactly as the runner renders them (the campaign form's preview).",
        args: { channel: { type: new GraphQLNonNull(GraphQLString) }, subject: { type: GraphQLString }, body: { type: new GraphQLNonNull(GraphQLString) } },
        resolve: (_root, args: { channel: string; subject?: string | null; body: string }, ctx: DataApiContext, info) => {
          authorize(ctx, 'CampaignMdl', 'read', info);
          return previewMessage(args.channel, args.subject, args.body);
        },
      },
      campaignPlanDays: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(PLAN_DAY))),
        description: "The campaign's plan as a calendar: per day, its entries by status, in date order.",
        args: { campaignId: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: (_root, args: { campaignId: string }, ctx: DataApiContext, info) => {
          authorize(ctx, 'CampaignContactMdl', 'read', info);
          return typed(() => service.planDays(args.campaignId));
        },
      },
    },
    mutation: {
      planCampaign: {
        type: new GraphQLNonNull(PLAN_SUMMARY),
        description: 'Plans (or re-plans) a campaign: cancels what is still planned, keeps what was done, plans the rest under the contact rules; a wide selection is planned in the background (queued).',
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: (_root, args: { id: string }, ctx: DataApiContext, info) => {
          authorize(ctx, 'CampaignMdl', 'update', info);
          return typed(() => service.plan(args.id));
        },
      },
      recordCampaignContactOutcome: {
        type: new GraphQLNonNull(entityType('CampaignContactMdl')),
        description: "Completes a call or letter task with its outcome; conversation: true (calls) starts the conversation cooldown.",
        args: { id: { type: new GraphQLNonNull(GraphQLID) }, outcome: { type: new GraphQLNonNull(GraphQLString) }, conversation: { type: GraphQLBoolean } },
        resolve: async (_root, args: { id: string; outcome: string; conversation?: boolean | null }, ctx: DataApiContext, info) => {
          authorize(ctx, 'CampaignContactMdl', 'update', info);
          await typed(() => service.recordOutcome(args.id, args.outcome, args.conversation));
          const entity = ctx.store.entity('CampaignContactMdl');
          const fields = ctx.store.columnsFor(entity, selectedRecordFields(info.fieldNodes, info.fragments, false));
          const row = await ctx.store.get(entity, args.id, ctx.caller, fields, { field: info.fieldName, type: 'Mutation' });
          if (row === null) throw new DataApiError('ConditionalCheckFailedException', `Campaign contact ${args.id} is gone.`);
          return row;
        },
      },
    },
  });
}
