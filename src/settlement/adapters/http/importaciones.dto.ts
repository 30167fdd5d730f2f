// GET /internal/conciliaciones: its query (limit and cursor as in GET /v1/pagos, and conHallazgos) and its answer,
// each import summed up in the names of the answer it gave (POST /internal/conciliaciones), its lists as counts.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { Actor } from '../../../kernel/actor.js';
import { decodeCursor, isCursorTime, PageParams, pageLimit } from '../../../kernel/http/page.params.js';
import { checked, CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { isUuid } from '../../../kernel/uuid.js';
import type { ReportImportCursor, ReportImportFilter, ReportImportSummary } from '../../application/ports/reconciliation.port.js';

@CheckedBy(importsRules)
export class ListImportsParams extends PageParams {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: only the imports with a line in diferencias or in observaciones; false or left out: every import',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'conHallazgos must be true or false' })
  conHallazgos?: string;
}

// The cursor is opaque like GET /v1/pagos's: base64url of the last import's position, (time, id).
export const encodeImportCursor = (cursor: ReportImportCursor): string =>
  Buffer.from(JSON.stringify([cursor.importedAt, cursor.id])).toString('base64url');

function readImports(params: Sent<ListImportsParams>, problems: BodyProblems): { after: ReportImportCursor | null; limit: number } {
  const limit = pageLimit(params, problems);
  const cursor = decodeCursor<[string, string]>(params, problems, [isCursorTime, (item) => typeof item === 'string' && isUuid(item)]);
  return { after: cursor && { importedAt: cursor[0], id: cursor[1].toLowerCase() }, limit };
}

/** Run by the validation pipe beside the decorators (CheckedBy), so one 400 names every problem of the query. */
function importsRules(params: Sent<ListImportsParams>, problems: BodyProblems): void {
  readImports(params, problems);
}

/** The request of a query; its rules are checked again here, for a caller the pipe did not check. */
export function toImportsRequest(params: ListImportsParams): { filter: ReportImportFilter; after: ReportImportCursor | null; limit: number } {
  const { after, limit } = checked((problems) => readImports(params, problems));
  return { filter: { withFindings: params.conHallazgos === 'true' }, after, limit };
}

class ImportActorResponse {
  @ApiProperty({ example: 'operator' })
  type!: string;

  @ApiProperty({ example: 'operator-token' })
  id!: string;
}

class RepetidoDeResponse {
  @ApiProperty({ format: 'uuid' })
  importacion!: string;

  @ApiProperty({ format: 'date-time' })
  importadoEn!: string;
}

export class ImportacionResumenResponse {
  @ApiProperty({ format: 'uuid', description: 'The import: GET /internal/conciliaciones/{importacion} gives its whole answer' })
  importacion!: string;

  @ApiProperty({ example: 'sha256:…', description: "The report's identity (hash of its text)" })
  reporte!: string;

  @ApiProperty({ format: 'date-time' })
  importadoEn!: string;

  @ApiProperty({ type: ImportActorResponse, description: 'Who imported it' })
  importadoPor!: Actor;

  @ApiProperty({ type: RepetidoDeResponse, nullable: true, description: 'The first import of the same report, when this repeated it' })
  repetidoDe!: { importacion: string; importadoEn: string } | null;

  @ApiProperty({ type: 'integer', description: "The report's lines" })
  lineas!: number;

  @ApiProperty({ type: [String], format: 'date', description: "The value dates of the report's readable lines, in order" })
  fechas!: string[];

  @ApiProperty({ type: 'integer', description: 'Charges moved from aprobado to conciliado' })
  conciliados!: number;

  @ApiProperty({ type: 'integer', description: 'Lines whose charge was conciliado already' })
  yaConciliados!: number;

  @ApiProperty({ type: 'integer', description: 'Lines that did not reconcile' })
  diferencias!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Lines reconciled on another day than the approval; null for an import recorded before that was compared',
  })
  observaciones!: number | null;

  static of(s: ReportImportSummary): ImportacionResumenResponse {
    return {
      importacion: s.id,
      reporte: s.reportHash,
      importadoEn: s.importedAt,
      importadoPor: s.actor,
      repetidoDe: s.repeatOf,
      lineas: s.lines,
      fechas: s.valueDates,
      conciliados: s.reconciled,
      yaConciliados: s.alreadyReconciled,
      diferencias: s.mismatches,
      observaciones: s.findings,
    };
  }
}

export class ImportacionPageResponse {
  @ApiProperty({ type: [ImportacionResumenResponse] })
  data!: ImportacionResumenResponse[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor to get the next page; null on the last page.' })
  nextCursor!: string | null;
}
