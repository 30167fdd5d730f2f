// When the provider says it decided a payment, and whether the gateway believes it (docs/decisions.md, "Settlement").
// Pure: the arrival time comes in from the caller.

/** How far ahead of the gateway's clock a provider's decision time may be and still be believed: clocks drift. */
export const PROVIDER_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Why a decision time is not believed: later than its notice's arrival plus the skew, or before the charge existed. */
export type DecisionTimeDoubt = 'in_the_future' | 'before_the_charge';

export function doubtAboutDecisionTime(decidedAt: string, chargeCreatedAt: string, arrivedAt: Date): DecisionTimeDoubt | null {
  const decided = Date.parse(decidedAt);
  if (decided > arrivedAt.getTime() + PROVIDER_CLOCK_SKEW_MS) return 'in_the_future';
  if (decided < Date.parse(chargeCreatedAt)) return 'before_the_charge';
  return null;
}
