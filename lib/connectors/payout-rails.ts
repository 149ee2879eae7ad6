// Which payout rail carries a mode's payouts: test mode the simulator; live mode none yet (a live
// connector, Lithic's ACH payments, is not built), so live payouts are refused payouts_not_configured.
import type { PayoutRail } from "@/lib/payouts/payout-rail";
import { simulatorPayoutRail } from "./simulator/payout-rail";

const RAILS: Record<string, PayoutRail> = { simulator: simulatorPayoutRail };

export function payoutRailFor(livemode: boolean): PayoutRail | null {
  return livemode ? null : simulatorPayoutRail;
}

export function payoutRailNamed(name: string): PayoutRail | null {
  return RAILS[name] ?? null;
}
