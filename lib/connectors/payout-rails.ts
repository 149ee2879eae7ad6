// Which payout rail carries a mode's payouts: test mode the simulator; live mode PAYOUT_RAIL_LIVE
// (`lithic`: Lithic's ACH payments; `none`, the default: live payouts are refused
// payouts_not_configured). A payout keeps the rail it was created with (its `rail` column).
import { parseConfig } from "@/lib/config";
import type { PayoutRail } from "@/lib/payouts/payout-rail";
import { lithicPayoutRail } from "./lithic/payout-rail";
import { simulatorPayoutRail } from "./simulator/payout-rail";

const RAILS: Record<string, PayoutRail> = { simulator: simulatorPayoutRail, lithic: lithicPayoutRail };

/**
 * Read from the environment at each payout, as the card processor's choice is
 * (lib/connectors/card-processors.ts), so a test that sets PAYOUT_RAIL_LIVE is heard; start-up
 * already refused `lithic` without its key and financial account (lib/config.ts).
 */
export function payoutRailFor(livemode: boolean): PayoutRail | null {
  if (!livemode) return simulatorPayoutRail;
  return parseConfig(process.env).PAYOUT_RAIL_LIVE === "lithic" ? lithicPayoutRail : null;
}

export function payoutRailNamed(name: string): PayoutRail | null {
  return RAILS[name] ?? null;
}
