// What the hosted page shows for a charge, decided from the charge and the provider's latest attempt. Pure: a
// final charge never gets a payment form, and once a voucher exists no other method is offered (DESIGN.md 6).
import { isFinal, type Charge } from '../../payments/domain/charge.js';

/** The provider's latest attempt, as far as the page needs it. */
export interface AttemptView {
  method: 'pse' | 'tarjeta' | 'efectivo';
  status: 'started' | 'processing' | 'approved' | 'declined' | 'cancelled';
  redirectUrl: string | null;
  bankName: string | null;
  ownCheckout: boolean;
}

export type Screen =
  | { kind: 'final'; outcome: 'aprobado' | 'fallido' | 'reembolsado' }
  | { kind: 'voucher' }
  | { kind: 'voucher-expired' }
  /** The provider has a payment under way, or has decided one that is not recorded here yet. */
  | { kind: 'processing'; bankName: string | null }
  /** Own checkout: the merchant collected the payer's data; the buyer goes straight to the bank. */
  | { kind: 'go-to-bank'; url: string }
  | { kind: 'choose'; pendingBank: { name: string | null; url: string } | null }
  /** The provider could not be reached: nothing can be paid right now. */
  | { kind: 'unavailable' };

export function checkoutScreen(charge: Charge, attempt: AttemptView | null, now: Date): Screen {
  if (isFinal(charge.estado)) {
    if (charge.estado === 'fallido') return { kind: 'final', outcome: 'fallido' };
    return { kind: 'final', outcome: charge.estado === 'reembolsado' ? 'reembolsado' : 'aprobado' };
  }
  if (charge.estado === 'creado') return { kind: 'unavailable' };
  if (charge.voucher) {
    // Paid at the network (or decided) and the notice not in yet: being confirmed, whatever the deadline says now.
    if (attempt?.method === 'efectivo' && (attempt.status === 'approved' || attempt.status === 'declined')) return { kind: 'processing', bankName: null };
    const expired = charge.voucher.expired || now.getTime() >= Date.parse(charge.voucher.expiresAt);
    return { kind: expired ? 'voucher-expired' : 'voucher' };
  }
  if (!attempt || attempt.status === 'cancelled') return { kind: 'choose', pendingBank: null };
  if (attempt.status === 'started' && attempt.method === 'pse' && attempt.redirectUrl) {
    if (attempt.ownCheckout) return { kind: 'go-to-bank', url: attempt.redirectUrl };
    return { kind: 'choose', pendingBank: { name: attempt.bankName, url: attempt.redirectUrl } };
  }
  return { kind: 'processing', bankName: attempt.method === 'pse' ? attempt.bankName : null };
}
