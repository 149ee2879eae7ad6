// A second process that makes one spend through the real spend route handler (the decision endpoint
// asked as in production), for the test that kills a server while it waits for the decision. Reads
// {"key", "cardId", "idempotencyKey"} from its first argument; prints the answer's status if it lives.
import { z } from "zod";
import { POST } from "@/app/api/public/sdk/v1/cards/[id]/authorizations/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";

const input = z
  .object({ key: z.string(), cardId: z.string(), idempotencyKey: z.string() })
  .parse(JSON.parse(process.argv[2] ?? "{}"));
const request = new Request(`http://localhost/api/public/sdk/v1/cards/${input.cardId}/authorizations`, {
  method: "POST",
  headers: {
    authorization: `Bearer ${input.key}`,
    "content-type": "application/json",
    "idempotency-key": input.idempotencyKey,
    [CLIENT_ADDRESS_HEADER]: "127.0.0.1",
  },
  body: JSON.stringify({ amount: 7, merchant: { name: "Killed Coffee" } }),
});
const response = await POST(request, { params: Promise.resolve({ id: input.cardId }) });
process.stdout.write(`${JSON.stringify({ status: response.status })}\n`);
process.exit(0);
