import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { Input } from "@client/components/ui/Field";
import { SelectField } from "@client/components/ui/SelectField";
import { Switch } from "@client/components/ui/Switch";
import { useToast } from "@client/components/ui/Toast";
import { apiFetch, refusalText } from "@client/lib/api";
import type { CalendarSettings, CalendarStatus } from "@shared/key-dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useId, useState } from "react";

const KEY = ["key-dates", "calendar"] as const;
const calendarApi = {
  get: () => apiFetch<CalendarStatus>("/api/key-dates/calendar"),
  update: (body: CalendarSettings) => apiFetch<CalendarStatus>("/api/key-dates/calendar", { method: "PATCH", body }),
  newFeed: () => apiFetch<CalendarStatus>("/api/key-dates/calendar/feed", { body: {} }),
  revokeFeed: () => apiFetch<CalendarStatus>("/api/key-dates/calendar/feed", { method: "DELETE" }),
};

/** The US time zones offered, and the browser's own if it is another. */
const US_ZONES = [
  ["America/New_York", "Eastern (New York)"],
  ["America/Chicago", "Central (Chicago)"],
  ["America/Denver", "Mountain (Denver)"],
  ["America/Phoenix", "Arizona (Phoenix)"],
  ["America/Los_Angeles", "Pacific (Los Angeles)"],
  ["America/Anchorage", "Alaska (Anchorage)"],
  ["Pacific/Honolulu", "Hawaii (Honolulu)"],
] as const;

function zoneOptions(current: string | null): ReadonlyArray<readonly [string, string]> {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const extra = [current, browser].filter((z): z is string => Boolean(z) && !US_ZONES.some(([id]) => id === z));
  return [...US_ZONES, ...[...new Set(extra)].map((z) => [z, z.replace(/_/g, " ")] as const)];
}

/**
 * Profile: key dates' reminders and calendar. The time zone reminders come at 9 AM in, reminders on
 * or off, and a private calendar feed address (shown once when made; a new one ends the old one,
 * and it can be stopped).
 */
export function CalendarCard() {
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: calendarApi.get });
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const done = (status: CalendarStatus) => queryClient.setQueryData(KEY, status);
  const change = useMutation({ mutationFn: calendarApi.update, onSuccess: done });
  const feed = useMutation({
    mutationFn: (make: boolean) => (make ? calendarApi.newFeed() : calendarApi.revokeFeed()),
    onSuccess: (status) => {
      done(status);
      setFeedUrl(status.feedUrl);
    },
  });
  const status = query.data;
  const failed = (error: unknown) =>
    toast.error(refusalText(error, "The change could not be saved. Please try again."));
  const zone = status?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <Card className="mt-6 p-5" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-lg font-bold">
        Key dates and calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Reminders of your cases' key dates come by e-mail a week before, a day before and the morning after each
        deadline, at 9 AM in your time zone.
      </p>
      {!status ? null : (
        <div className="divide-y divide-slate-200">
          <Switch
            label="Key-date reminders"
            description="Turned off, no reminder is sent and those waiting are cancelled."
            checked={status.keyDateReminders}
            disabled={change.isPending}
            onCheckedChange={(checked) => change.mutate({ keyDateReminders: checked }, { onError: failed })}
          />
          <SelectField
            className="py-4"
            label="Time zone"
            value={zone}
            disabled={change.isPending}
            onChange={(timeZone) =>
              change.mutate({ timeZone }, { onError: failed, onSuccess: () => toast.success("Time zone saved.") })
            }
            options={zoneOptions(status.timeZone)}
          />
          <div className="space-y-3 py-4">
            <h3 className="font-semibold">Calendar feed</h3>
            <p className="text-sm text-slate-600">
              A private address your calendar app subscribes to: it shows every deadline of your key dates. Anyone with
              the address can read them, so keep it to yourself.
            </p>
            {feedUrl ? (
              <div className="space-y-2">
                <Alert tone="success">Copy this address now: it is shown only once.</Alert>
                <div className="flex gap-2">
                  <Input
                    aria-label="Your calendar feed address"
                    readOnly
                    value={feedUrl}
                    onFocus={(e) => e.target.select()}
                  />
                  <Button
                    variant="secondary"
                    icon={<Copy className="size-4" aria-hidden />}
                    onClick={() =>
                      void navigator.clipboard?.writeText(feedUrl).then(() => toast.success("Address copied."))
                    }
                  >
                    Copy
                  </Button>
                </div>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                loading={feed.isPending}
                onClick={() => feed.mutate(true, { onError: failed })}
              >
                {status.hasFeed ? "Make a New Address" : "Make a Calendar Address"}
              </Button>
              {status.hasFeed ? (
                <Button variant="ghost" onClick={() => feed.mutate(false, { onError: failed })}>
                  Stop the Address
                </Button>
              ) : null}
            </div>
            {status.hasFeed && !feedUrl ? (
              <p className="text-sm text-slate-600">You have a calendar address. Making a new one stops the old one.</p>
            ) : null}
          </div>
        </div>
      )}
    </Card>
  );
}
