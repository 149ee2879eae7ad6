// The health answer: the service is up and its database answers.
import { z } from "zod";
import { withExample } from "./common";

export const healthSchema = withExample(
  z.object({
    status: z.literal("ok").meta({ description: "Always `ok` on a 200: this process serves requests." }),
    database: z.literal("ok").meta({ description: "`ok`: PostgreSQL answered a trivial query just now." }),
  }),
  { id: "Health", example: { status: "ok", database: "ok" } },
);

export type Health = z.output<typeof healthSchema>;

export const readinessSchema = withExample(
  z.object({
    status: z.literal("ready").meta({ description: "Always `ready` on a 200: send this instance traffic." }),
    database: z.literal("ok").meta({ description: "`ok`: PostgreSQL answered a trivial query just now." }),
    rateLimitStore: z.enum(["ok", "memory"]).meta({
      description:
        "`ok`: the shared rate-limit store (Redis, or Upstash's REST API) answered a PING just now. `memory`: none is configured and limits are counted in this instance's memory (a single-machine deployment).",
    }),
    webhookWorkers: z.number().int().min(0).meta({
      description:
        "How many webhook worker pools hold their liveness lock on this database now. Reported, not required: 0 means events wait to be delivered (alert on it), not that this instance cannot serve.",
    }),
  }),
  {
    id: "Readiness",
    example: { status: "ready", database: "ok", rateLimitStore: "ok", webhookWorkers: 1 },
  },
);

export type Readiness = z.output<typeof readinessSchema>;
