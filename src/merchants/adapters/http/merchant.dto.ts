// Bodies and answers of /v1/merchants/me (DESIGN.md 5.9b).
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';
import type { Actor, ActorType } from '../../../kernel/actor.js';
import type { Config } from '../../../kernel/config.js';
import type { MerchantView, WebRegistrationView } from '../../application/get-merchant/get-merchant.query.js';
import { CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { HTTPS_URL_PATTERN, MAX_URL_LENGTH, webRegistrationProblems } from '../../domain/web-registration.js';

const SITE_RULES =
  'Must start with https:// and name a public domain (a name with a dot: not a bare TLD, not an IP address). ' +
  'In the dev mode (the embedded default) https://localhost and https://127.0.0.1 are accepted too.';

const ACTOR_TYPES: ActorType[] = ['merchant-key', 'person', 'operator', 'provider', 'system'];

export class MerchantResponse {
  @ApiProperty({ format: 'uuid', description: 'Your merchantId: send it in every charge.' })
  id!: string;

  @ApiProperty({ example: 'Tienda La 14' })
  nombre!: string;

  @ApiProperty({ description: 'Approved by the service; until then charges are refused (409).' })
  aprobado!: boolean;

  @ApiProperty({ description: 'Own checkout enabled by the operator.' })
  checkoutPropio!: boolean;

  @ApiProperty({ format: 'date-time' })
  creadoEn!: string;

  static of(view: MerchantView): MerchantResponse {
    return {
      id: view.id,
      nombre: view.nombre,
      aprobado: view.aprobado,
      checkoutPropio: view.checkoutPropio,
      creadoEn: view.creadoEn,
    };
  }
}

export class ActorResponse {
  @ApiProperty({ enum: ACTOR_TYPES, description: 'merchant-key: an API key; person: a portal user.' })
  type!: ActorType;

  @ApiProperty({ description: "The API key's id or the person's id." })
  id!: string;
}

export class WebRegistrationResponse {
  @ApiProperty({ type: String, format: 'uri', nullable: true, example: 'https://tienda.example.co' })
  sitioWeb!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: 'https://tienda.example.co/gracias' })
  urlRetorno!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was last changed.' })
  actualizadoEn!: string | null;

  @ApiProperty({ type: ActorResponse, nullable: true, description: 'Who changed it last.' })
  actualizadoPor!: Actor | null;

  static of(view: WebRegistrationView | null): WebRegistrationResponse {
    if (!view) return { sitioWeb: null, urlRetorno: null, actualizadoEn: null, actualizadoPor: null };
    return {
      sitioWeb: view.sitioWeb,
      urlRetorno: view.urlRetorno,
      actualizadoEn: view.actualizadoEn,
      actualizadoPor: { type: view.actualizadoPor.type, id: view.actualizadoPor.id },
    };
  }
}

/** The URL rules, beside the type errors in the one 400 (SetWebRegistration checks them again, for every caller). */
function webRegistrationRules(body: Sent<WebRegistrationBody>, problems: BodyProblems, config: Config): void {
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const policy = { allowLoopback: config.webhookAllowLoopback };
  problems.addAll(webRegistrationProblems({ sitioWeb: text(body.sitioWeb), urlRetorno: text(body.urlRetorno) }, policy));
}

@CheckedBy(webRegistrationRules)
export class WebRegistrationBody {
  @ApiProperty({ format: 'uri', maxLength: MAX_URL_LENGTH, pattern: HTTPS_URL_PATTERN, example: 'https://tienda.example.co', description: SITE_RULES })
  @IsDefined({ message: 'sitioWeb is required' })
  @IsString({ message: 'sitioWeb must be a string' })
  sitioWeb!: string;

  @ApiProperty({
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    pattern: HTTPS_URL_PATTERN,
    example: 'https://tienda.example.co/gracias',
    description: 'Must start with https:// and be on the domain of sitioWeb or a subdomain of it. No user:password@.',
  })
  @IsDefined({ message: 'urlRetorno is required' })
  @IsString({ message: 'urlRetorno must be a string' })
  urlRetorno!: string;
}
