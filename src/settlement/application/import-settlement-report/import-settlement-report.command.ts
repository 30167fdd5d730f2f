import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { Finding, Mismatch } from '../../domain/reconciliation.js';

export interface LineRef {
  linea: number;
  referenciaProveedor: string;
  monto: number;
  fecha: string;
}

export type ReconciledLine = LineRef & { pagoId: string };
export type MismatchLine = Partial<LineRef> & { linea: number; texto?: string } & Mismatch;
/** A line that reconciled (it is in conciliados or yaConciliados too) and still has something to say. */
export type FindingLine = LineRef & Finding;

export interface ReconciliationResult {
  importacion: string;
  reporte: string;
  importadoEn: string;
  /** The first import of the same report, when this one repeats it. */
  repetidoDe: { importacion: string; importadoEn: string } | null;
  lineas: number;
  conciliados: ReconciledLine[];
  yaConciliados: ReconciledLine[];
  diferencias: MismatchLine[];
  /** Lines that reconciled, but not quite: settled on another day than our approval's (fecha_distinta). */
  observaciones: FindingLine[];
}

/** POST /internal/conciliaciones: the provider's settlement report, as CSV text. */
export class ImportSettlementReportCommand extends Command<ReconciliationResult> {
  constructor(
    readonly csv: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
