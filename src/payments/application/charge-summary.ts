// What the merchant API shows of a charge, whether it comes from the read model or from folding the stream.
import type { Estado } from '../domain/charge.js';
import type { Moneda } from '../domain/charge.events.js';

export interface ChargeSummary {
  id: string;
  merchantId: string;
  monto: number;
  moneda: Moneda;
  referencia: string;
  estado: Estado;
  checkoutToken: string;
  creadoEn: string;
}

export const summaryOf = (charge: ChargeSummary): ChargeSummary => ({
  id: charge.id,
  merchantId: charge.merchantId,
  monto: charge.monto,
  moneda: charge.moneda,
  referencia: charge.referencia,
  estado: charge.estado,
  checkoutToken: charge.checkoutToken,
  creadoEn: charge.creadoEn,
});
