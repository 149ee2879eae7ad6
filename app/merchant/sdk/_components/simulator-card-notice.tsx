// Warns on a live-mode card page that the card was issued through the built-in simulator (no card
// processor configured for live mode, docs/decisions/card-processors.md): no card network knows it,
// so it cannot pay at a real merchant, whatever its number looks like.
export function SimulatorCardNotice({ card }: { card: { livemode: boolean; processor: "simulator" | "lithic" } }) {
  if (!card.livemode || card.processor !== "simulator") return null;
  return (
    <div
      role="status"
      data-testid="simulator-card-notice"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">This live card reaches no card network.</p>
      <p className="mt-1">
        It was issued through the built-in simulator, because this deployment has no card processor for live mode (
        <code>CARD_PROCESSOR_LIVE</code> is not <code>lithic</code>). No merchant can charge it; its spends come only
        from your own <code>POST /cards/{"{id}"}/authorizations</code> calls.
      </p>
    </div>
  );
}
