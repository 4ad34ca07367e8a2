import { Markdown } from "@client/components/Markdown";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { Spinner } from "@client/components/ui/Spinner";
import { useToast } from "@client/components/ui/Toast";
import { DropZone } from "@client/components/uploads/DropZone";
import { useUploads } from "@client/components/uploads/file-uploads";
import { usePublicSettings } from "@client/lib/public-settings";
import { useSession } from "@client/lib/session";
import { useDialogState } from "@client/lib/use-dialog-state";
import { autoSendQuestion, opensComparison } from "@shared/chat";
import { TIMINGS_MS } from "@shared/constants";
import { CASE_TEXT } from "@shared/messages";
import { PLANS, showsMessageWarning } from "@shared/plans";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { MAX_ATTACHMENTS_PER_MESSAGE } from "@shared/uploads";
import { Crown, Loader2, SearchX } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { CaseHeader } from "./CaseHeader";
import { Composer } from "./Composer";
import { useCaseAction, useCaseDetail } from "./cases-api";
import { KeyDateOfferCard } from "./KeyDateOfferCard";
import { MessageBubble, sourceLabel } from "./MessageBubble";
import { type StreamingStage, useConversation } from "./use-conversation";

// The modals (Radix dialogs) are not needed to show the conversation: their code loads just
// after it (see DIALOGS_PRELOAD_MS), or when one is first opened if that comes sooner.
const loadComparison = () => import("./ComparisonDialog");
const loadUpgrade = () => import("./UpgradeDialog");
const loadReferral = () => import("./ReferralDialog");
const loadKeyDates = () => import("./KeyDatesDialog");
const ComparisonDialog = lazy(() => loadComparison().then((m) => ({ default: m.ComparisonDialog })));
const UpgradeDialog = lazy(() => loadUpgrade().then((m) => ({ default: m.UpgradeDialog })));
const ReferralDialog = lazy(() => loadReferral().then((m) => ({ default: m.ReferralDialog })));
const KeyDatesDialog = lazy(() => loadKeyDates().then((m) => ({ default: m.KeyDatesDialog })));

const DIALOGS_PRELOAD_MS = 1000;

/** Fetch the modals' code ahead of use; one that fails to load is asked for again when opened. */
function preloadDialogs() {
  for (const load of [loadComparison, loadUpgrade, loadReferral, loadKeyDates]) load().catch(() => {});
}

const NEAR_BOTTOM_PX = 160;

/** 'Reading lease.pdf…', then 'Analysing lease.pdf…', while attached files are worked on. */
const stageText = (stage: StreamingStage) =>
  `${stage.stage === "reading" ? "Reading" : "Analysing"} ${stage.fileName}…`;

/** Archive or restore the case, saying how it went; `run` keeps its identity across renders. */
function useCaseCommand(kind: "archive" | "restore", id: string, success: string) {
  const { mutate, isPending } = useCaseAction(kind);
  const toast = useToast();
  const run = useCallback(
    () => mutate(id, { onSuccess: () => toast.success(success), onError: (e) => toast.error(e.message) }),
    [mutate, id, toast, success],
  );
  return { run, pending: isPending };
}

/** /dashboard/case/{id}: the conversation with the AI legal assistant (spec section 2 'Case chat'). */
export function CaseChatPage() {
  const { id = "" } = useParams();
  const { user } = useSession();
  const settings = usePublicSettings();
  const toast = useToast();
  const detail = useCaseDetail(id);
  const archive = useCaseCommand("archive", id, "Case archived. You can restore it at any time.");
  const restore = useCaseCommand("restore", id, "Case restored.");
  const upgrade = useDialogState();
  const referral = useDialogState();
  const keyDates = useDialogState();
  // A reminder mail's link opens the case on its key dates.
  const [params, setParams] = useSearchParams();
  const askedForKeyDates = params.get("panel") === "key-dates";
  useEffect(() => {
    if (!askedForKeyDates) return;
    keyDates.show();
    setParams(
      (p) => {
        p.delete("panel");
        return p;
      },
      { replace: true },
    );
  }, [askedForKeyDates, keyDates.show, setParams]);
  const [draft, setDraft] = useState("");
  const [comparing, setComparing] = useState<string | null>(null);
  const conversation = useConversation(id, { onLimit: upgrade.show });
  const { useFileUploads, useUploadAllowance } = useUploads();
  const uploads = useFileUploads({
    caseId: id,
    maxMb: settings?.maxFileUploadSize ?? SETTINGS_DEFAULTS.general.maxFileUploadSize,
    maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  });
  // The month's allowance shows under the files once there are some.
  const allowance = useUploadAllowance(uploads.items.length > 0);
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const autoSent = useRef(false);

  const premium = user?.plan === "premium";
  const c = detail.data;
  const remaining = c?.remaining ?? null;
  const limit = c?.messageLimit ?? null;
  const blocked = remaining !== null && remaining <= 0;
  const archived = c?.status === "archived";
  const streaming = conversation.streaming;

  // The modals' code: a second after the conversation shows, or as soon as the member starts
  // writing (a question may open the comparison), whichever comes first.
  const shown = Boolean(c);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(preloadDialogs, DIALOGS_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const writing = draft !== "" || uploads.items.length > 0;
  useEffect(() => {
    if (writing) preloadDialogs();
  }, [writing]);

  // Follow the conversation while the member is at the bottom of it, each time what it shows
  // changes (reading scrollHeight lays the page out, so not on every render: typing in the
  // composer re-renders the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are what changes the height
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [conversation.messages, streaming?.text, streaming?.stage, streaming === null, conversation.status]);

  // Example chats send their question by themselves after 1 s (spec section 4 'Auto-send'). The
  // timer belongs to the case, not to a render: re-renders in that second (typing, a refetch) must
  // not cancel it; leaving the case does.
  const sendLatest = useRef(conversation.send);
  sendLatest.current = conversation.send;
  const autoSendTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (autoSent.current || !c || conversation.status !== "ready") return;
    const question = autoSendQuestion(c.description);
    if (!question || c.messageCount > 0 || conversation.messages.length > 0) return;
    autoSent.current = true;
    autoSendTimer.current = setTimeout(() => {
      autoSendTimer.current = undefined;
      void sendLatest.current(question);
    }, TIMINGS_MS.autoSend);
  }, [c, conversation.status, conversation.messages.length]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new case id starts afresh
  useEffect(
    () => () => {
      clearTimeout(autoSendTimer.current);
      autoSendTimer.current = undefined;
      autoSent.current = false;
    },
    [id],
  );

  // An answer still being written when the page opened: wait for it.
  const resynced = useRef(false);
  useEffect(() => {
    if (!resynced.current && c?.replying && conversation.status === "ready" && !streaming) {
      resynced.current = true;
      void conversation.resync();
    }
  }, [c?.replying, conversation, streaming]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < 80 && conversation.hasOlder && !conversation.loadingOlder) void loadOlder();
  };

  const loadOlder = async () => {
    const el = listRef.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    nearBottom.current = false;
    await conversation.loadOlder();
    requestAnimationFrame(() => {
      if (el) el.scrollTop = el.scrollHeight - before;
    });
  };

  const submitLatest = useRef(() => {});
  submitLatest.current = () => {
    const text = draft.trim();
    const files = uploads.ready;
    if ((!text && files.length === 0) || streaming || blocked || archived || uploads.uploading) return;
    setDraft("");
    nearBottom.current = true;
    // A question with files goes to the assistant that reads them, never to the comparison.
    if (
      files.length === 0 &&
      opensComparison(text, premium, settings?.enableComparison ?? true, user?.preferences.compareAnswers)
    ) {
      setComparing(text);
      return;
    }
    const held = uploads.clear();
    void conversation.send(text, files).then((stored) => {
      // Refused (a limit, an error): the files stay attached, ready to send again.
      if (!stored) uploads.restore(held);
    });
  };
  // One function for the page's life, so the composer is not drawn again for each streamed word.
  const submit = useCallback(() => submitLatest.current(), []);

  if (detail.isError || conversation.status === "notfound") {
    return (
      <div className="px-4 py-10">
        <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
          <SearchX className="size-10 text-slate-500" aria-hidden />
          <h1 className="text-xl font-bold">{CASE_TEXT.notFound}</h1>
          <p className="text-slate-600">This case does not exist, or it belongs to another account.</p>
          <ButtonLink to="/dashboard/cases">Return to Legal Chats</ButtonLink>
        </Card>
      </div>
    );
  }

  if (!c || conversation.status === "loading") {
    return (
      <div className="flex flex-1 items-center justify-center py-20">
        <Spinner className="size-8 text-primary-800" label="Loading the conversation" />
      </div>
    );
  }

  const lastAssistant = [...conversation.messages].reverse().find((m) => !m.isUser && m.kind !== "document_offer");
  const lastMessage = conversation.messages[conversation.messages.length - 1];
  const canRegenerate = !streaming && !archived && lastAssistant && lastMessage && !lastMessage.isUser;
  const used = c.userMessageCount;
  const warn = showsMessageWarning(remaining);
  const stage = streaming?.stage ?? null;

  return (
    <DropZone onFiles={uploads.add} disabled={blocked || archived} className="flex min-h-0 flex-1 flex-col">
      <CaseHeader
        detail={c}
        premium={premium}
        onUpgrade={upgrade.show}
        onRefer={referral.show}
        onKeyDates={keyDates.show}
        onArchive={archive.run}
        onRestore={restore.run}
      />

      {/* Focusable, so the conversation scrolls by keyboard even when nothing in it takes focus
          (an archived case: no composer, no Regenerate). */}
      <div
        ref={listRef}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 focus-visible:outline-offset-[-3px] sm:px-4"
      >
        <section aria-label="Conversation" className="mx-auto flex max-w-3xl flex-col gap-3">
          {conversation.hasOlder ? (
            <div className="flex justify-center">
              <Button variant="ghost" size="sm" onClick={loadOlder} loading={conversation.loadingOlder}>
                Load earlier messages
              </Button>
            </div>
          ) : null}
          {conversation.messages.length === 0 && !streaming ? (
            <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-5 text-center text-slate-700">
              <p className="font-semibold text-slate-900">Describe your situation</p>
              <p className="mt-1 text-sm">
                Say what happened, when, and which state you are in. The assistant will explain the rules that may apply
                and your options.
              </p>
            </div>
          ) : null}
          {conversation.messages.map((message) =>
            message.kind === "key_date_offer" && message.keyDateOffer ? (
              <KeyDateOfferCard
                key={message.key ?? message.id}
                caseId={id}
                messageId={message.id}
                offer={message.keyDateOffer}
                onOpenKeyDates={keyDates.show}
              />
            ) : (
              <MessageBubble
                key={message.key ?? message.id}
                message={message}
                pending={message.pending ?? false}
                onRegenerate={
                  canRegenerate && message.id === lastAssistant?.id && message.id === lastMessage?.id
                    ? conversation.regenerate
                    : undefined
                }
              />
            ),
          )}
          {streaming ? (
            <div className="flex justify-start">
              <div
                className="w-full max-w-[92%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 sm:max-w-[85%]"
                aria-busy="true"
              >
                {streaming.text ? (
                  <Markdown>{streaming.text}</Markdown>
                ) : stage ? (
                  <p className="flex items-center gap-2 text-slate-700">
                    <Loader2 className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
                    <span className="min-w-0 break-words">{stageText(stage)}</span>
                  </p>
                ) : (
                  <p className="flex items-center gap-2 text-slate-600">
                    <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> The assistant is
                    thinking…
                  </p>
                )}
                <p className="mt-2 text-xs text-slate-600">
                  {streaming.stopping ? "Stopping…" : (sourceLabel(streaming.provider, streaming.model) ?? "Writing…")}
                </p>
              </div>
            </div>
          ) : null}
        </section>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {streaming
          ? streaming.stopping
            ? "Stopping the answer"
            : stage && !streaming.text
              ? stageText(stage)
              : "The assistant is answering"
          : ""}
      </p>

      {warn ? (
        <div className="border-t border-premium-300 bg-premium-50 px-4 py-2 text-sm text-premium-900" role="status">
          <span className="font-semibold">
            {remaining} {remaining === 1 ? "message" : "messages"} remaining
          </span>{" "}
          in this case on the {PLANS[user?.plan ?? "free"].name} plan.{" "}
          <button type="button" className="font-semibold underline" onClick={upgrade.show}>
            Upgrade for unlimited messages
          </button>
        </div>
      ) : null}
      {blocked ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-premium-300 bg-premium-50 px-4 py-2 text-sm text-premium-900">
          <span className="font-semibold">{CASE_TEXT.limitReached}</span>
          <Button variant="premium" size="sm" onClick={upgrade.show} icon={Crown}>
            Upgrade to Premium
          </Button>
        </div>
      ) : null}
      {archived ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-slate-100 px-4 py-2 text-sm text-slate-700">
          <span>{CASE_TEXT.archived}</span>
          <Button variant="secondary" size="sm" onClick={restore.run} loading={restore.pending}>
            Restore case
          </Button>
        </div>
      ) : null}

      <Composer
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        onStop={conversation.stop}
        streaming={Boolean(streaming)}
        stopping={Boolean(streaming?.stopping)}
        blocked={blocked || archived}
        blockedText={archived ? "This case is archived. Restore it to continue chatting." : undefined}
        counter={limit !== null ? `${used}/${limit}` : null}
        uploads={uploads}
        allowance={allowance}
      />

      {comparing ? (
        <Suspense fallback={null}>
          <ComparisonDialog
            caseId={id}
            question={comparing}
            premium={premium}
            onClose={() => {
              setDraft(comparing);
              setComparing(null);
            }}
            onChosen={(messages) => {
              conversation.append(...messages);
              void detail.refetch();
              setComparing(null);
            }}
            onStandard={() => {
              const text = comparing;
              setComparing(null);
              void conversation.send(text);
            }}
            onUpgrade={() => {
              setDraft(comparing);
              setComparing(null);
              upgrade.show();
            }}
            onUnavailable={(status, message) => {
              const text = comparing;
              setComparing(null);
              if (status === 402) {
                setDraft(text);
                toast.error(message);
                upgrade.show();
              } else {
                void conversation.send(text);
              }
            }}
          />
        </Suspense>
      ) : null}
      {upgrade.used ? (
        <Suspense fallback={null}>
          <UpgradeDialog
            open={upgrade.open}
            onOpenChange={upgrade.setOpen}
            reason={blocked ? `${CASE_TEXT.limitReached}. Premium gives you unlimited messages.` : undefined}
          />
        </Suspense>
      ) : null}
      {referral.used ? (
        <Suspense fallback={null}>
          <ReferralDialog caseId={id} open={referral.open} onOpenChange={referral.setOpen} />
        </Suspense>
      ) : null}
      {keyDates.used ? (
        <Suspense fallback={null}>
          <KeyDatesDialog caseId={id} archived={archived} open={keyDates.open} onOpenChange={keyDates.setOpen} />
        </Suspense>
      ) : null}
    </DropZone>
  );
}
