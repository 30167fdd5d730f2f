// The pagador object of own checkout (DESIGN.md 5.14), for the API description; the rules are in
// checkout/domain/pagador.ts (checked with the body's other rules, each problem as `pagador.<field>`).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIPOS_DOCUMENTO, TIPOS_PERSONA } from '../../../checkout/domain/pagador.js';
import { NIT_EXAMPLE } from '../../../checkout/domain/nit.js';

export class PagadorDoc {
  @ApiProperty({ minLength: 2, maxLength: 100, example: 'Ana María Pérez' })
  nombre!: string;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'ana@example.com' })
  email!: string;

  // checkPagador's rule on the text as sent: spaces and hyphens dropped, then 7 to 15 digits after an optional +; empty
  // or null is no telephone.
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^(?:[\\s-]*\\+?[\\s-]*(?:\\d[\\s-]*){7,15})?$',
    example: '3001234567',
    description: '7 to 15 digits, optionally with a leading +; spaces and hyphens are ignored',
  })
  telefono?: string;

  @ApiProperty({ enum: TIPOS_PERSONA, description: 'A persona juridica pays with its NIT.' })
  tipoPersona!: string;

  @ApiProperty({ enum: TIPOS_DOCUMENTO })
  tipoDocumento!: string;

  @ApiProperty({ example: '1020304050', description: `A NIT goes with its check digit after a hyphen (${NIT_EXAMPLE}), checked by DIAN's algorithm. A cédula or NIT may carry thousands dots (900.123.456-8): the digits are kept.` })
  numeroDocumento!: string;

  @ApiProperty({ pattern: '^\\d{4}$', example: '1007', description: 'The codigo of the payer\'s bank, from GET /v1/pagos/bancos.' })
  banco!: string;
}
