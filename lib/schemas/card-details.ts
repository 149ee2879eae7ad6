// Card details sessions: the request naming the page's framing origin and the session the API
// answers. The session carries a link to the details, never the number or CVC themselves.
import { z } from "zod";
import { idempotentReplaySchema, livemodeSchema, timestampSchema, withExample } from "./common";
import { EXAMPLE_BASE_URL, EXAMPLE_IDS } from "./examples";

/**
 * `scheme://host[:port]` exactly as a browser writes an Origin header: lowercase, no path (not even
 * "/"), query, fragment or userinfo, no default port. The host is letters, digits, dots and hyphens
 * or a bracketed IPv6 address, so the value is safe inside a Content-Security-Policy header.
 */
const ORIGIN_FORM = /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::\d{1,5})?$/;

export function isOrigin(value: string): boolean {
  if (!ORIGIN_FORM.test(value)) return false;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

export const originSchema = z
  .string()
  .max(300)
  .refine(isOrigin, {
    message:
      "origin must be an origin such as https://app.example.com: http or https, host and optional port, lowercase, with no path, query or userinfo",
  })
  .meta({
    description:
      "The origin of the page that will frame the details page, as browsers write it (`https://host[:port]`, no path); the page refuses to be framed by any other. Live mode requires `https`; test mode also allows `http://localhost:<port>`.",
    example: "https://app.example.com",
  });

export const createCardDetailsSessionBodySchema = withExample(z.object({ origin: originSchema }).strict(), {
  id: "CreateCardDetailsSessionRequest",
  example: { origin: "https://app.example.com" },
});

const EXAMPLE_TOKEN = "cdt_7Hq2Lr9Ws4Zt8Ny3Kb6Vd1Mf5Xc0Pj2Gh4Ra8Se3Tu";

const cardDetailsSessionShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.cardDetailsSession }),
  object: z.literal("card_details_session"),
  cardId: z.string().meta({ example: EXAMPLE_IDS.card }),
  url: z.string().meta({
    description:
      "The details page: open it once, within 10 minutes, in an iframe on `origin`. It shows the number, expiry and CVC to the holder; our API never returns them.",
    example: `${EXAMPLE_BASE_URL}/card-details/${EXAMPLE_TOKEN}`,
  }),
  expiresAt: timestampSchema.meta({ description: "When the link stops working if unused (10 minutes)." }),
  livemode: livemodeSchema,
});

export const CARD_DETAILS_SESSION_EXAMPLE: z.output<typeof cardDetailsSessionShape> = {
  id: EXAMPLE_IDS.cardDetailsSession,
  object: "card_details_session",
  cardId: EXAMPLE_IDS.card,
  url: `${EXAMPLE_BASE_URL}/card-details/${EXAMPLE_TOKEN}`,
  expiresAt: "2026-10-01T09:10:00.000Z",
  livemode: false,
};

export const cardDetailsSessionSchema = withExample(
  cardDetailsSessionShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "CardDetailsSession", example: { ...CARD_DETAILS_SESSION_EXAMPLE, idempotent_replay: false } },
);

export type CreateCardDetailsSessionBody = z.output<typeof createCardDetailsSessionBodySchema>;
export type CardDetailsSessionRecord = z.output<typeof cardDetailsSessionShape>;
