import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';

export interface RefundResult {
  chargeId: string;
  monto: number;
  refundedAt: string;
  providerRefundId: string;
  /** False when the charge was reembolsado already: nothing changed. */
  refundedNow: boolean;
}

/** POST /internal/pagos/{id}/reembolso: the operator returns a payment to the payer, in full (DESIGN.md section 4). */
export class RefundChargeCommand extends Command<RefundResult> {
  constructor(
    readonly chargeId: string,
    readonly actor: Actor,
    readonly correlationId: string,
    /** The worker finishing a refund left unrecorded, not a caller waiting for the answer (its log line says so). */
    readonly bySweep = false,
  ) {
    super();
  }
}
