// Deliveries and their attempts as the operator reads them, and re-sending one.
import type { ActorCheck } from '../../../kernel/acting-person.js';
import type { Actor } from '../../../kernel/actor.js';
import type { DeliveryEstado } from '../../domain/delivery.js';
import type { WebhookEventType } from '../../domain/webhook-event.js';

export const DELIVERY_LOG = Symbol('DeliveryLog');

export interface AttemptView {
  numero: number;
  enviadoEn: string;
  url: string;
  codigoEstado: number | null;
  latenciaMs: number;
  error: string | null;
}

export interface DeliveryView {
  id: string;
  eventoId: string;
  tipo: WebhookEventType;
  pagoId: string;
  merchantId: string;
  estado: DeliveryEstado;
  creadaEn: string;
  entregadaEn: string | null;
  proximoIntentoEn: string | null;
  reenviadaEn: string | null;
  reenviadaPor: Actor | null;
  intentos: AttemptView[];
}

export interface DeliveryFilter {
  estado?: DeliveryEstado;
  /** Only the deliveries of this charge (at most one today: its approval or its failure). */
  pagoId?: string;
  limit: number;
  /** Only the deliveries after this one in the list's order (newest first): the next page. */
  after?: DeliveryCursor | null;
}

/** A delivery's place in the list: its creation time to the microsecond (as stored; deliveries made in one batch share
 * it) and its id. */
export interface DeliveryCursor {
  creadaEn: string;
  id: string;
}

export interface DeliveryPage {
  data: DeliveryView[];
  /** Where the next page starts; null on the last page. */
  next: DeliveryCursor | null;
}

export type ResendResult = { kind: 'resent'; delivery: DeliveryView } | { kind: 'pending' } | { kind: 'not_found' };

export interface DeliveryLog {
  /** A page, newest first, with every attempt. */
  list(merchantId: string, filter: DeliveryFilter): Promise<DeliveryPage>;
  find(deliveryId: string): Promise<DeliveryView | null>;
  /** Starts a new series of attempts, due at once, keeping the delivery id and the body, once `check` accepts the
   * actor's role read under the delivery's merchant's lock (it may throw). */
  resend(deliveryId: string, actor: Actor, at: Date, check: ActorCheck): Promise<ResendResult>;
}
