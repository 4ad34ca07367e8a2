/**
 * Dates as the spec shows them: 'MMM d, yyyy' (Nov 22, 2026) and 'MMM d, h:mm a'
 * (Nov 22, 10:01 AM), in the member's own time zone.
 */
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export const formatDate = (iso: string | Date | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : "");
export const formatDateTime = (iso: string | Date | null | undefined) =>
  iso ? dateTimeFormat.format(new Date(iso)) : "";
