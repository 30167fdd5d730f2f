// The merchants context's tables (migration 1764000000200), mapped for TypeORM. Reads use SQL in the repositories.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantRole } from '../../../kernel/principal.js';

@Entity({ name: 'merchants' })
export class MerchantEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  nombre!: string;

  @Column({ type: 'boolean', default: false })
  aprobado!: boolean;

  @Column({ name: 'aprobado_en', type: 'timestamptz', nullable: true })
  aprobadoEn!: Date | null;

  @Column({ name: 'checkout_propio', type: 'boolean', default: false })
  checkoutPropio!: boolean;

  @Column({ name: 'creado_en', type: 'timestamptz' })
  creadoEn!: Date;
}

@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId!: string;

  /** SHA-256 of the key; the key itself is never stored. */
  @Column({ name: 'key_hash', type: 'bytea', unique: true })
  keyHash!: Buffer;

  @Column({ name: 'last4', type: 'text' })
  last4!: string;

  @Column({ type: 'text' })
  rol!: MerchantRole;

  @Column({ name: 'creado_en', type: 'timestamptz' })
  creadoEn!: Date;

  /** When the key stops working (now on revocation, now + grace on rotation); null while it works. */
  @Column({ name: 'revocada_en', type: 'timestamptz', nullable: true })
  revocadaEn!: Date | null;

  @Column({ name: 'reemplazada_por', type: 'uuid', nullable: true })
  reemplazadaPor!: string | null;
}

@Entity({ name: 'web_registrations' })
export class WebRegistrationEntity {
  @PrimaryColumn({ name: 'merchant_id', type: 'uuid' })
  merchantId!: string;

  @Column({ name: 'sitio_web', type: 'text' })
  sitioWeb!: string;

  @Column({ name: 'url_retorno', type: 'text' })
  urlRetorno!: string;

  @Column({ name: 'actualizado_en', type: 'timestamptz' })
  actualizadoEn!: Date;

  @Column({ name: 'actualizado_por', type: 'jsonb' })
  actualizadoPor!: Actor;
}

/** One row per PUT registro-web: old and new values, who and when (DESIGN.md 5.18). */
@Entity({ name: 'web_registration_changes' })
export class WebRegistrationChangeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId!: string;

  @Column({ name: 'sitio_web_anterior', type: 'text', nullable: true })
  sitioWebAnterior!: string | null;

  @Column({ name: 'url_retorno_anterior', type: 'text', nullable: true })
  urlRetornoAnterior!: string | null;

  @Column({ name: 'sitio_web', type: 'text' })
  sitioWeb!: string;

  @Column({ name: 'url_retorno', type: 'text' })
  urlRetorno!: string;

  @Column({ type: 'jsonb' })
  actor!: Actor;

  @Column({ name: 'cambiado_en', type: 'timestamptz' })
  cambiadoEn!: Date;
}

export const MERCHANT_ENTITIES = [MerchantEntity, ApiKeyEntity, WebRegistrationEntity, WebRegistrationChangeEntity];
