// POST /internal/conciliaciones: the provider's settlement report as CSV text inside JSON (the operator API takes
// JSON only; `pasarela-ops reconcile <file.csv>` wraps a file).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString, MinLength } from 'class-validator';
import { CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { parseSettlementReport } from '../../domain/settlement-report.js';

/**
 * The report is a day of the provider's payments, about 45 bytes each: the API's 100 kB would stop at some 2,200. This
 * route takes 16 MB (some 350,000 payments); the body limit bounds `reporte`, so it has no length rule of its own.
 */
export const REPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** A report of blank rows or a header alone, named beside an unknown field (the handler checks it again). */
function reportRules(body: Sent<ConciliacionBody>, problems: BodyProblems): void {
  if (typeof body.reporte !== 'string' || problems.alreadyRefused('reporte')) return;
  const report = parseSettlementReport(body.reporte);
  if (report.lines.length + report.malformed.length === 0) problems.add('reporte', 'the report has no lines');
}

@CheckedBy(reportRules)
export class ConciliacionBody {
  @ApiProperty({
    description: 'CSV, one row per payment: provider reference, gross amount in whole pesos, value date (YYYY-MM-DD). ' +
      'An optional header names the columns (referencia_proveedor, monto, fecha); "," or ";" between fields.',
    example: 'referencia_proveedor,monto,fecha\nsbx_pay_7Hq2,150000,2026-11-20\n',
  })
  @IsDefined({ message: 'reporte is required' })
  @IsString({ message: 'reporte must be the CSV text' })
  @MinLength(1, { message: 'reporte must not be empty' })
  reporte!: string;
}

class LineaResponse {
  @ApiProperty({ type: 'integer', description: 'Line number in the report' })
  linea!: number;

  @ApiPropertyOptional()
  referenciaProveedor?: string;

  @ApiPropertyOptional({ type: 'integer' })
  monto?: number;

  @ApiPropertyOptional({ format: 'date' })
  fecha?: string;
}

export class LineaConciliadaResponse extends LineaResponse {
  @ApiProperty({ format: 'uuid' })
  pagoId!: string;
}

export class DiferenciaResponse extends LineaResponse {
  @ApiProperty({ enum: ['referencia_desconocida', 'monto_distinto', 'estado_no_aprobado', 'referencia_repetida', 'linea_invalida'] })
  motivo!: string;

  @ApiPropertyOptional({ format: 'uuid' })
  pagoId?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'monto_distinto: the charge\'s own amount' })
  montoPago?: number;

  @ApiPropertyOptional({ description: "estado_no_aprobado: the charge's estado" })
  estadoPago?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'referencia_repetida: the line where the reference first appears' })
  primeraLinea?: number;

  @ApiPropertyOptional({ description: 'linea_invalida: what is wrong, and the text of the line' })
  detalle?: string;

  @ApiPropertyOptional()
  texto?: string;
}

export class ObservacionResponse extends LineaResponse {
  @ApiProperty({ enum: ['fecha_distinta'], description: 'fecha_distinta: the line\'s value date is not the Bogota date of our approval' })
  motivo!: string;

  @ApiProperty({ format: 'uuid' })
  pagoId!: string;

  @ApiProperty({ format: 'date', description: 'fecha_distinta: the Bogota date of our approval of the charge (the line\'s is fecha)' })
  fechaAprobacion!: string;
}

class RepetidoResponse {
  @ApiProperty({ format: 'uuid' })
  importacion!: string;

  @ApiProperty({ format: 'date-time' })
  importadoEn!: string;
}

export class ConciliacionResponse {
  @ApiProperty({ format: 'uuid', description: 'This import' })
  importacion!: string;

  @ApiProperty({ example: 'sha256:…', description: "The report's identity (hash of its text): recorded on each reconciled charge" })
  reporte!: string;

  @ApiProperty({ format: 'date-time' })
  importadoEn!: string;

  @ApiProperty({ type: RepetidoResponse, nullable: true, description: 'The first import of the same report, when this repeats it' })
  repetidoDe!: RepetidoResponse | null;

  @ApiProperty({ type: 'integer' })
  lineas!: number;

  @ApiProperty({ type: [LineaConciliadaResponse], description: 'Charges moved from aprobado to conciliado by this import' })
  conciliados!: LineaConciliadaResponse[];

  @ApiProperty({ type: [LineaConciliadaResponse], description: 'Lines whose charge was conciliado already: nothing changed' })
  yaConciliados!: LineaConciliadaResponse[];

  @ApiProperty({ type: [DiferenciaResponse], description: 'Every line that did not reconcile, and why' })
  diferencias!: DiferenciaResponse[];

  @ApiProperty({
    type: [ObservacionResponse],
    description: 'Lines that reconciled (they are in conciliados or yaConciliados too) but that an accountant must see, and why',
  })
  observaciones!: ObservacionResponse[];
}
