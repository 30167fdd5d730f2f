// The read side of charges: the projected read model, for lists (GET /pagos).
import type { Estado } from '../../domain/charge.js';
import type { Moneda } from '../../domain/charge.events.js';

export const CHARGE_VIEWS = Symbol('ChargeViews');

export interface ChargeView {
  id: string;
  merchantId: string;
  monto: number;
  moneda: Moneda;
  referencia: string;
  descripcion: string | null;
  estado: Estado;
  checkoutToken: string;
  creadoEn: string;
}

export interface ChargeFilter {
  estado?: Estado;
  referencia?: string;
  /** Inclusive lower bound of creadoEn. */
  desde?: Date;
  /** Exclusive upper bound of creadoEn. */
  hasta?: Date;
}

/** Where a page ends: the last row's creation time and id (newest first). */
export interface PageCursor {
  creadoEn: string;
  id: string;
}

export interface ChargeViews {
  list(merchantId: string, filter: ChargeFilter, after: PageCursor | null, limit: number): Promise<ChargeView[]>;
  /** Ids of charges still `creado` that were created before `before`, oldest first. */
  staleCreado(before: Date, limit: number): Promise<string[]>;
}
