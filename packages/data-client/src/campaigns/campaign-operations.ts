// The data API's campaign operations beyond generic CRUD: building a campaign's contact plan, its
// per-day counts for the calendar, and staff recording what came of a call or letter task. Errors
// arrive as the transport's DataApiRequestError, whose errorType names the refusal.
import { selectionOf } from '../graphql/entity-fields.js';
import type { EntityRecord } from '../graphql/entity-fields.js';
import type { GraphqlTransport } from '../graphql/graphql-transport.js';

/** What planCampaign did: entries planned, refused by the contact rules, and earlier entries cancelled. */
export interface CampaignPlanSummary {
  readonly campaignId: string;
  readonly planned: number;
  readonly refused: number;
  readonly cancelled: number;
  /** True when the campaign selects too many accounts to plan in the request: a server job plans it (counts 0) and its status is 'planning' until done. */
  readonly queued: boolean;
  /** Accounts the campaign's filter selected when asked (what a queued plan covers). */
  readonly accounts: number;
}

/** One campaign-zone day of a plan and how many entries are in each state. */
export interface CampaignPlanDay {
  /** AWSDate (YYYY-MM-DD) in the campaign's time zone. */
  readonly date: string;
  readonly planned: number;
  readonly refused: number;
  readonly sent: number;
  readonly tasks: number;
  readonly done: number;
  readonly failed: number;
  readonly cancelled: number;
}

/** One entry of a contact plan (CampaignContactMdl) as recordCampaignContactOutcome returns it. */
export type CampaignContactEntry = EntityRecord<'CampaignContactMdl'>;

/** What staff record when they complete a call or letter task. */
export interface ContactOutcomeInput {
  /** The CampaignContactMdl id. */
  readonly id: string;
  readonly outcome: string;
  /** A telephone conversation about the debt took place (it starts the conversation cooldown). */
  readonly conversation?: boolean;
}

/** A campaign message as a sample consumer would receive it (subject null for a text). */
export interface CampaignMessagePreview {
  readonly subject: string | null;
  readonly body: string;
}

/** The campaign operations of the data API. */
export interface CampaignOperations {
  /** Builds (or rebuilds) the contact plan of campaign `id`. */
  planCampaign(id: string): Promise<CampaignPlanSummary>;
  /** The plan's counts per campaign-zone day, in date order. */
  campaignPlanDays(campaignId: string): Promise<CampaignPlanDay[]>;
  /** Records the outcome of a call or letter task. */
  recordCampaignContactOutcome(input: ContactOutcomeInput): Promise<CampaignContactEntry>;
  /** Renders an email or text's templates for a sample consumer, disclosure and opt-out included; an unknown placeholder fails with UnknownTemplatePlaceholderException. */
  previewCampaignMessage(input: { readonly channel: 'email' | 'sms'; readonly subject?: string | null; readonly body: string }): Promise<CampaignMessagePreview>;
}

/** The GraphQL documents, exported so tests and tools can see exactly what is sent. */
export const campaignDocuments = {
  planCampaign: 'mutation PlanCampaign($id: ID!) { planCampaign(id: $id) { campaignId planned refused cancelled queued accounts } }',
  campaignPlanDays: 'query CampaignPlanDays($campaignId: ID!) { campaignPlanDays(campaignId: $campaignId) { date planned refused sent tasks done failed cancelled } }',
  previewCampaignMessage: 'query PreviewCampaignMessage($channel: String!, $subject: String, $body: String!) { previewCampaignMessage(channel: $channel, subject: $subject, body: $body) { subject body } }',
  recordCampaignContactOutcome: `mutation RecordCampaignContactOutcome($id: ID!, $outcome: String!, $conversation: Boolean) { recordCampaignContactOutcome(id: $id, outcome: $outcome, conversation: $conversation) { ${selectionOf('CampaignContactMdl')} } }`,
} as const;

/** Creates the campaign operations over a transport (the data client's own, so calls carry the user's token). */
export function createCampaignOperations(transport: GraphqlTransport): CampaignOperations {
  return {
    async planCampaign(id) {
      return (await transport.request<{ planCampaign: CampaignPlanSummary }>(campaignDocuments.planCampaign, { id })).planCampaign;
    },
    async campaignPlanDays(campaignId) {
      return (await transport.request<{ campaignPlanDays: CampaignPlanDay[] }>(campaignDocuments.campaignPlanDays, { campaignId })).campaignPlanDays;
    },
    async previewCampaignMessage(input) {
      const variables = { channel: input.channel, subject: input.subject ?? null, body: input.body };
      return (await transport.request<{ previewCampaignMessage: CampaignMessagePreview }>(campaignDocuments.previewCampaignMessage, variables)).previewCampaignMessage;
    },
    async recordCampaignContactOutcome(input) {
      const variables = { id: input.id, outcome: input.outcome, conversation: input.conversation ?? null };
      return (await transport.request<{ recordCampaignContactOutcome: CampaignContactEntry }>(campaignDocuments.recordCampaignContactOutcome, variables)).recordCampaignContactOutcome;
    },
  };
}
