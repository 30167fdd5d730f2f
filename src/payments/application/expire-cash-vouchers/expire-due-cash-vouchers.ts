// A cash voucher past its deadline expires: CashVoucherExpired in the stream, the charge stays pendiente and no
// webhook is sent (spec, "Cash voucher deadline passes"). Safe to run from several workers at once.
import { randomUUID } from 'node:crypto';
import { SYSTEM } from '../../../kernel/actor.js';
import type { Clock } from '../../../kernel/clock.js';
import { decide } from '../../domain/charge.decide.js';
import { startedBy, type ChargeStream } from '../charge-stream.js';
import { WrongExpectedRevision } from '../ports/event-store.port.js';
import type { VoucherDeadlines } from '../ports/voucher-deadlines.port.js';

export class ExpireDueCashVouchers {
  constructor(
    private readonly deadlines: VoucherDeadlines,
    private readonly charges: ChargeStream,
    private readonly clock: Clock,
  ) {}

  /** Expires the vouchers due now; answers how many expired. */
  async run(limit = 100): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    for (const chargeId of await this.deadlines.due(now, limit)) {
      const { state, revision } = await this.charges.load(chargeId);
      if (!state) continue;
      // Nothing when the voucher was paid, already expired, or the deadline moved: the domain decides.
      const events = decide({ type: 'ExpireCashVoucher', now }, state);
      if (events.length === 0) continue;
      try {
        await this.charges.append(chargeId, events, revision, startedBy(randomUUID(), SYSTEM), now);
        expired++;
      } catch (error) {
        // A payment landed meanwhile: the next round decides again on what it recorded.
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    return expired;
  }
}
