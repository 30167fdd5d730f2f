import { Command } from '@nestjs/cqrs';
import type { Pagador } from '../../../checkout/domain/pagador.js';
import type { Principal } from '../../../kernel/principal.js';
import type { Charge } from '../../domain/charge.js';
import type { Moneda } from '../../domain/charge.events.js';

/** The creation request after validation, with `montoMinor` already turned into `monto`. */
export interface ChargeRequest {
  merchantId: string;
  monto: number;
  moneda: Moneda;
  referencia: string;
  descripcion: string | null;
  urlRetorno: string | null;
  /** Own checkout's payer (DESIGN.md 5.14); absent (not null) otherwise, so other requests fingerprint as before. */
  pagador?: Pagador;
}

export interface CreateChargeResult {
  charge: Charge;
  /** True when the Idempotency-Key named an existing charge. */
  replayed: boolean;
}

export class CreateChargeCommand extends Command<CreateChargeResult> {
  constructor(
    readonly principal: Principal,
    readonly idempotencyKey: string,
    readonly request: ChargeRequest,
    readonly correlationId: string,
  ) {
    super();
  }
}
