// Bodies and answers of the operator API. Field names follow the merchant API's Spanish contract words.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import type { MerchantRole } from '../../../kernel/principal.js';
import { ActorResponse } from '../../../merchants/adapters/http/merchant.dto.js';
import { API_KEY_ROLES } from '../../../merchants/domain/api-key.js';

/** A week: longer than any sane overlap between an old and a new key. */
export const MAX_GRACE_SECONDS = 7 * 24 * 3600;

export class CreateMerchantBody {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Tienda La 14' })
  @IsDefined({ message: 'nombre is required' })
  @IsString({ message: 'nombre must be a string' })
  // An empty nombre is blank, one problem with one message: no minimum length beside the blank rule.
  @MaxLength(200, { message: 'nombre must be 1 to 200 characters long' })
  @Matches(/\S/, { message: 'nombre must not be blank' })
  nombre!: string;
}

export class CreatedMerchantResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  nombre!: string;

  @ApiProperty({ description: 'Always false at creation: approve it with POST /internal/merchants/{id}/aprobacion.' })
  aprobado!: boolean;
}

export class IssueApiKeyBody {
  @ApiPropertyOptional({ enum: API_KEY_ROLES, default: 'administrador' })
  @IsOptional()
  @IsIn(API_KEY_ROLES, { message: 'rol must be one of administrador, lectura' })
  rol?: MerchantRole;
}

export class IssuedApiKeyResponse {
  @ApiProperty({ format: 'uuid', description: 'The key id: use it to rotate or revoke the key.' })
  id!: string;

  @ApiProperty({ example: 'svcpk_...', description: 'The key itself. Shown only this once: it is stored hashed.' })
  key!: string;

  @ApiProperty({ enum: API_KEY_ROLES })
  rol!: MerchantRole;
}

export class RotateApiKeyBody {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: 0,
    description: 'Seconds the old key keeps working; 0 (default): it stops at once.',
  })
  @IsOptional()
  @IsInt({ message: 'graciaSegundos must be a whole number of seconds' })
  @Min(0, { message: 'graciaSegundos must be at least 0' })
  @Max(MAX_GRACE_SECONDS, { message: `graciaSegundos must be at most ${MAX_GRACE_SECONDS} (a week)` })
  graciaSegundos?: number;
}

export class RotatedApiKeyResponse {
  @ApiProperty({ format: 'uuid', description: "The new key's id." })
  id!: string;

  @ApiProperty({ example: 'svcpk_...', description: 'The new key. Shown only this once.' })
  key!: string;
}

export class RegistroWebResponse {
  @ApiProperty({ format: 'uri' })
  sitioWeb!: string;

  @ApiProperty({ format: 'uri' })
  urlRetorno!: string;

  @ApiProperty({ format: 'date-time' })
  actualizadoEn!: string;

  @ApiProperty({ type: ActorResponse })
  actualizadoPor!: ActorResponse;
}

export class OperatorMerchantResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  nombre!: string;

  @ApiProperty()
  aprobado!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  aprobadoEn!: string | null;

  @ApiProperty()
  checkoutPropio!: boolean;

  @ApiProperty({ format: 'date-time' })
  creadoEn!: string;

  @ApiProperty({ type: RegistroWebResponse, nullable: true })
  registroWeb!: RegistroWebResponse | null;
}
