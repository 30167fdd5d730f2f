import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { Mismatch } from '../../domain/reconciliation.js';

export interface LineRef {
  linea: number;
  referenciaProveedor: string;
  monto: number;
  fecha: string;
}

export type ReconciledLine = LineRef & { pagoId: string };
export type MismatchLine = Partial<LineRef> & { linea: number; texto?: string } & Mismatch;

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
