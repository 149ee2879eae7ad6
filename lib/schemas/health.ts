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
