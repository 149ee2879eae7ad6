// Which card processor manages a card: the one named on the card, and for a new card the one its
// mode uses (test mode always the simulator; live mode CARD_PROCESSOR_LIVE, default the simulator).
import type { ProcessorName } from "@/lib/card-network/network-message";
import type { CardProcessor } from "@/lib/cards/card-processor";
import { parseConfig } from "@/lib/config";
import { lithicCardProcessor } from "./lithic/card-processor";
import { simulatorCardProcessor } from "./simulator/card-processor";

const PROCESSORS: Record<ProcessorName, CardProcessor> = {
  simulator: simulatorCardProcessor,
  lithic: lithicCardProcessor,
};

export function cardProcessor(name: ProcessorName): CardProcessor {
  return PROCESSORS[name];
}

/**
 * The processor new cards of a mode get. Read from the environment at each issue, as the Lithic
 * client reads its own settings (lib/connectors/lithic/client.ts), so a test that sets
 * CARD_PROCESSOR_LIVE is heard; start-up already refused an invalid combination (lib/config.ts).
 */
export function processorForNewCards(livemode: boolean): ProcessorName {
  if (!livemode) return "simulator";
  return parseConfig(process.env).CARD_PROCESSOR_LIVE;
}
