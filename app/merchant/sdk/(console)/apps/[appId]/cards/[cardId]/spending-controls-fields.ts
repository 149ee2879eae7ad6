// The spending-controls form's fields, shared by the form (client) and its action (server).
import { SPENDING_INTERVALS } from "@/lib/schemas/spending-controls";

export const LIMIT_FIELDS = SPENDING_INTERVALS.map((interval) => ({ interval, field: `limit_${interval}` as const }));

export const LIST_FIELDS = [
  { field: "blockedCategories", label: "Blocked categories", hint: "Four-digit MCCs, e.g. 7995 4829" },
  { field: "allowedCategories", label: "Allowed categories", hint: "Only these MCCs; leave empty for all" },
  { field: "blockedCountries", label: "Blocked countries", hint: "ISO 3166-1 alpha-2, e.g. FR DE" },
  { field: "allowedCountries", label: "Allowed countries", hint: "Only these countries; leave empty for all" },
] as const;

export const CONTROL_FORM_FIELDS = [
  ...LIMIT_FIELDS.map(({ field }) => field),
  ...LIST_FIELDS.map(({ field }) => field),
] as const;

export const INTERVAL_LABELS = {
  per_authorization: "Per authorization",
  daily: "Daily",
  weekly: "Weekly (from Monday)",
  monthly: "Monthly",
  yearly: "Yearly",
  all_time: "All time",
} as const;
