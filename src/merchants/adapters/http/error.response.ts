// The error body of every failure other than validation (DESIGN.md 5.1), for the OpenAPI document.
import { ApiProperty } from '@nestjs/swagger';

export class ErrorResponse {
  @ApiProperty({ type: 'integer', example: 401 })
  statusCode!: number;

  @ApiProperty({ example: 'The API key is not valid: it is wrong, revoked or was replaced by a rotation' })
  message!: string;

  @ApiProperty({ example: 'Unauthorized' })
  error!: string;

  @ApiProperty({ description: 'Stable machine-readable code', example: 'invalid_api_key' })
  code!: string;
}

class ValidationMessage {
  @ApiProperty({ type: [String] })
  formErrors!: string[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { urlRetorno: ['urlRetorno must start with https://'] },
  })
  fieldErrors!: Record<string, string[]>;
}

/** The validation body the spec defines: `{statusCode: 400, message: {formErrors, fieldErrors}}`. */
export class ValidationErrorResponse {
  @ApiProperty({ type: 'integer', example: 400 })
  statusCode!: number;

  @ApiProperty({ type: ValidationMessage })
  message!: ValidationMessage;
}
