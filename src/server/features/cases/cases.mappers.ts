import { formatLongDay } from "@shared/dates";
import { LAW_EVENTS } from "@shared/law";
import { messageLimit, messagesRemaining, type PlanId, type PlanSettings } from "@shared/plans";
import type { CaseDetail, CaseSummary, ChatMessage, KeyDateOffer } from "@shared/schemas/cases";
import { stateName } from "@shared/us-states";
import type { CaseRow } from "./cases.queries";
import type { MessageRow } from "./chat.queries";

/** How long a reply may run before it is taken as abandoned (its process died) and no longer blocks the case. */
const replyAbandonedAfterMs = (responseTimeoutSeconds: number) => (responseTimeoutSeconds * 3 + 60) * 1000;

/** A reply started before this is taken as abandoned. */
export function staleReplyBefore(responseTimeoutSeconds: number): Date {
  return new Date(Date.now() - replyAbandonedAfterMs(responseTimeoutSeconds));
}

/**
 * The first moment after `now` at which one of these cases stops counting as replying (its reply
 * taken as abandoned), or Infinity when none will: until then their summaries stay the same.
 */
export function replyingChangesAt(rows: CaseRow[], responseTimeoutSeconds: number, now: number): number {
  let first = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const ends = (row.replyStartedAt?.getTime() ?? 0) + replyAbandonedAfterMs(responseTimeoutSeconds);
    if (row.replyStartedAt && ends > now && ends < first) first = ends;
  }
  return first;
}

export function toCaseSummary(row: CaseRow, responseTimeoutSeconds: number): CaseSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    category: row.category,
    complexity: row.complexity,
    assignedAttorney: row.assignedAttorney,
    messageCount: row.messageCount,
    userMessageCount: row.userMessageCount,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    replying: Boolean(row.replyStartedAt && row.replyStartedAt > staleReplyBefore(responseTimeoutSeconds)),
  };
}

export function toCaseDetail(
  row: CaseRow,
  plan: PlanId,
  settings: Pick<PlanSettings, "freeUserMessageLimit"> & { responseTimeout: number },
): CaseDetail {
  return {
    ...toCaseSummary(row, settings.responseTimeout),
    remaining: messagesRemaining(plan, settings, row.userMessageCount),
    messageLimit: messageLimit(plan, settings),
  };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    caseId: row.caseId,
    content: row.content,
    isUser: row.isUser,
    createdAt: row.createdAt.toISOString(),
    attachments: row.attachments,
    aiProvider: row.aiProvider,
    aiModel: row.aiModel,
    state: row.state,
    kind: row.kind,
    keyDateOffer: row.keyDateOffer ? keyDateOfferOf(row.keyDateOffer) : null,
    sources: row.sources ?? null,
  };
}

const EVENT_LABELS = new Map<string, string>(LAW_EVENTS.map((e) => [e.id, e.label]));

function keyDateOfferOf(offer: NonNullable<MessageRow["keyDateOffer"]>): KeyDateOffer {
  const [y, m, d] = offer.eventDate.split("-").map(Number);
  return {
    event: offer.event,
    eventLabel: EVENT_LABELS.get(offer.event) ?? offer.event,
    eventDate: offer.eventDate,
    eventDateText: formatLongDay(y ?? 0, m ?? 1, d ?? 1),
    state: offer.state,
    stateName: offer.state ? stateName(offer.state) : null,
    status: offer.status,
  };
}
