// Bodies and answers of /v1/webhook-endpoint and of rolling its secret (DESIGN.md 5.15).
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsOptional, IsString, ValidateIf } from 'class-validator';
import type { Actor } from '../../../kernel/actor.js';
import type { Config } from '../../../kernel/config.js';
import { CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { ActorResponse } from '../../../merchants/adapters/http/merchant.dto.js';
import type { WebhookEndpointView } from '../../application/ports/webhook-endpoints.port.js';
import { checkDestination, MAX_WEBHOOK_URL_LENGTH } from '../../domain/destination.js';

const URL_RULES =
  'https, on a public host; no user@host, no fragment. Webhooks are POSTed here; redirects are not followed. ' +
  'In the dev mode (the embedded default) http://localhost and http://127.0.0.1 are accepted too.';

/**
 * The URL's rules, in the same 400 as the type errors and unknown fields (the handlers check them again, for every
 * caller: the portal too).
 */
function urlRules(body: Sent<{ url: string }>, problems: BodyProblems, config: Config): void {
  if (typeof body.url !== 'string') return;
  const checked = checkDestination(body.url, { allowLoopback: config.webhookAllowLoopback });
  if (!checked.ok) problems.add('url', checked.reason);
}

function updateRules(body: Sent<UpdateWebhookEndpointBody>, problems: BodyProblems, config: Config): void {
  if (body.url === undefined && body.activo === undefined) problems.form('Send url, activo or both');
  urlRules(body, problems, config);
}

@CheckedBy(urlRules)
export class RegisterWebhookEndpointBody {
  @ApiProperty({ format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH, example: 'https://tienda.example.co/webhooks/pasarela', description: URL_RULES })
  @IsDefined({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  url!: string;
}

@CheckedBy(updateRules)
export class UpdateWebhookEndpointBody {
  @ApiPropertyOptional({ format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH, description: `A new URL. ${URL_RULES}` })
  @ValidateIf((body: UpdateWebhookEndpointBody) => body.url !== undefined)
  @IsString({ message: 'url must be a string' })
  url?: string;

  @ApiPropertyOptional({ description: 'false: deliveries are kept as sin_endpoint and not sent, until re-sent.' })
  @ValidateIf((body: UpdateWebhookEndpointBody) => body.activo !== undefined)
  @IsBoolean({ message: 'activo must be true or false' })
  activo?: boolean;
}

export class RegisteredWebhookEndpointResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty({ example: true })
  activo!: boolean;

  @ApiProperty({
    example: 'whsec_3q2-7wJk...',
    description: 'The signing secret: the HMAC-SHA256 key of svc-signature. Shown only in this answer: keep it now.',
  })
  secret!: string;

  static of(view: WebhookEndpointView, secret: string): RegisteredWebhookEndpointResponse {
    return { id: view.id, url: view.url, activo: view.activo, secret };
  }
}

export class WebhookEndpointResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty()
  activo!: boolean;

  @ApiProperty({ format: 'date-time' })
  creadoEn!: string;

  @ApiProperty({ format: 'date-time', description: 'When it was last changed.' })
  actualizadoEn!: string;

  @ApiProperty({ type: ActorResponse, description: 'Who changed it last (a roll of the secret included).' })
  actualizadoPor!: Actor;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'After a roll of the secret: until when the replaced secret still signs (a second v1=); null otherwise.',
  })
  secretoAnteriorValidoHasta!: string | null;

  static of(view: WebhookEndpointView): WebhookEndpointResponse {
    return {
      id: view.id,
      url: view.url,
      activo: view.activo,
      creadoEn: view.creadoEn,
      actualizadoEn: view.actualizadoEn,
      actualizadoPor: { type: view.actualizadoPor.type, id: view.actualizadoPor.id },
      secretoAnteriorValidoHasta: view.previousSecretValidUntil,
    };
  }
}

/** The operator's roll: refused while a replaced secret still signs unless `forzar` says the operator knows. */
export class OperatorRollBody {
  @ApiPropertyOptional({
    default: false,
    description:
      'true rolls even while the secret replaced by the last roll still signs (within its 24 h), which stops that one at once; ' +
      'without it such a roll is refused with 409 previous_secret_still_signing, nothing rolled.',
  })
  @IsOptional()
  @IsBoolean({ message: 'forzar must be true or false' })
  forzar?: boolean;
}

export class RolledSigningSecretResponse {
  @ApiProperty({
    example: 'whsec_Zx81-pQ...',
    description: 'The new signing secret; every delivery is signed with it from now on. Shown only in this answer: keep it now.',
  })
  secret!: string;

  @ApiProperty({
    format: 'date-time',
    description:
      'Until then each delivery carries a second v1= made with the replaced secret, so a verifier holding either accepts it. ' +
      'A secret replaced by an earlier roll stops signing at once.',
  })
  anteriorValidoHasta!: string;

  static of(secret: string, previousValidUntil: Date): RolledSigningSecretResponse {
    return { secret, anteriorValidoHasta: previousValidUntil.toISOString() };
  }
}

/** The body of a delivery, for /docs: what the spec's "Webhook event" is (src/webhooks/domain/webhook-event.ts). */
@ApiSchema({ name: 'WebhookEventData' })
export class WebhookEventDataDoc {
  @ApiProperty({ format: 'uuid', description: "The charge's id (what POST /v1/pagos answered). Dedupe on it." })
  paymentId!: string;

  @ApiProperty({ example: 'PED-1001', description: 'Your referencia.' })
  reference!: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 150000, description: 'Whole pesos, as you sent it (never multiplied by 100).' })
  monto!: number;

  @ApiProperty({ example: 'COP' })
  currency!: string;

  @ApiProperty({ enum: ['aprobado', 'fallido'], description: 'aprobado for payment.completed, fallido for payment.failed.' })
  estado!: string;
}

@ApiSchema({
  name: 'WebhookEvent',
  description:
    'The JSON body POSTed to your endpoint (not an answer of this API). Headers: svc-event (the type), svc-delivery-id ' +
    '(the same on every attempt and re-send of one event) and svc-signature. Verify before trusting it: svc-signature is ' +
    '`t=<epoch seconds>,v1=<hex>` (two v1 for 24 h after the secret is rolled: accept either); v1 is HMAC-SHA256, in hex, ' +
    'of `<t>.<raw body>` with the whole whsec_ secret as key, over the body exactly as received; compare in constant time; ' +
    'refuse a t more than 300 seconds from your clock; answer 400 when it fails, 2xx at once when the event is stored. ' +
    'Retried after 1, 5 and 25 s until a 2xx. Guide with code: docs/webhooks.md.',
})
export class WebhookEventDoc {
  @ApiProperty({ example: 'evt_0b8f9c3e5d2a4f7b9a612c4e8d1f3a57', description: 'The event: the same on every attempt and re-send.' })
  id!: string;

  @ApiProperty({ type: 'integer', example: 1795187045, description: 'When the payment was approved or failed, epoch seconds.' })
  created!: number;

  @ApiProperty({ enum: ['payment.completed', 'payment.failed'], description: 'payment.completed: dispatch the order.' })
  type!: string;

  @ApiProperty({ type: WebhookEventDataDoc })
  data!: WebhookEventDataDoc;
}
