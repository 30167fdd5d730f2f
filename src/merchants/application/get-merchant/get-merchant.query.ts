// A merchant as other contexts see it (payments reads it for every charge creation), by id.
import { Query } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';

export interface WebRegistrationView {
  sitioWeb: string;
  urlRetorno: string;
  actualizadoEn: string;
  actualizadoPor: Actor;
}

export interface MerchantView {
  id: string;
  nombre: string;
  aprobado: boolean;
  /** When the operator approved it; null until then. */
  aprobadoEn: string | null;
  checkoutPropio: boolean;
  creadoEn: string;
  registroWeb: WebRegistrationView | null;
}

/** Answers null for an unknown or malformed id. */
export class GetMerchant extends Query<MerchantView | null> {
  constructor(readonly merchantId: string) {
    super();
  }
}
