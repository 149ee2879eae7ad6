// A spend outside the HTTP pipeline (the CLI's simulate): asks the decision endpoint first, outside
// any transaction, then records the outcome in one, as the spend route does through sdkRoute's prepare.
import { spendCard, type SpendOutcome, type SpendSource } from "@/lib/authorizations/spend-card";
import { transaction } from "@/lib/db/client";
import type { AuthorizeBody } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { askForDecision, type AskOptions } from "./ask-decision";

export async function spendWithDecision(
  tenant: Tenant,
  cardId: string,
  input: AuthorizeBody,
  source: SpendSource,
  options: AskOptions = {},
): Promise<SpendOutcome> {
  const prior = await askForDecision(tenant, cardId, input, source, options);
  return transaction((tx) => spendCard(tx, tenant, cardId, input, source, prior));
}
