// Deliveries and their attempts as the operator reads them, and re-sending one.
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
}

export type ResendResult = { kind: 'resent'; delivery: DeliveryView } | { kind: 'pending' } | { kind: 'not_found' };

export interface DeliveryLog {
  /** Newest first, with every attempt. */
  list(merchantId: string, filter: DeliveryFilter): Promise<DeliveryView[]>;
  find(deliveryId: string): Promise<DeliveryView | null>;
  /** Starts a new series of attempts, due at once, keeping the delivery id and the body. */
  resend(deliveryId: string, actor: Actor, at: Date): Promise<ResendResult>;
}
