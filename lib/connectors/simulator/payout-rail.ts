// The built-in payout rail (test mode): accepts every payout at once under a reference derived from
// its id, so a repeat is the same submission; what happens next is reported by the test helpers
// (`POST /test/payouts/{id}/{in-transit|paid|failed|returned}`), as a bank's rail would report it.
import type { PayoutRail } from "@/lib/payouts/payout-rail";

export const simulatorPayoutRail: PayoutRail = {
  name: "simulator",
  cancelableOnceSubmitted: true,
  refusal: () => null,
  async submit(payout) {
    return { reference: `sim_${payout.id}` };
  },
};
