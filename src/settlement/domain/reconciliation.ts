// How one line of the provider's settlement report meets our charge (DESIGN.md 5.12b): a match needs the provider
// reference and the gross amount; only an aprobado charge becomes conciliado. A line that matches may still say
// something the accountant must see (it is settled on another day than we approved it): a finding, not a mismatch.
// Pure.
import type { Estado } from '../../payments/domain/charge.js';
import type { ReportLine } from './settlement-report.js';

export interface ChargeToMatch {
  chargeId: string;
  monto: number;
  estado: Estado;
  /** The Bogota date of our approval (the provider's decision when we believed it); null if never approved. */
  approvalDate: string | null;
}

export type Mismatch =
  | { motivo: 'referencia_desconocida' }
  | { motivo: 'monto_distinto'; pagoId: string; montoPago: number }
  | { motivo: 'estado_no_aprobado'; pagoId: string; estadoPago: Estado }
  | { motivo: 'referencia_repetida'; primeraLinea: number }
  | { motivo: 'linea_invalida'; detalle: string };

/** What a line that reconciles still disagrees on: the report's value date is not our approval's Bogota date. */
export type Finding = { motivo: 'fecha_distinta'; pagoId: string; fechaAprobacion: string };

export type LineVerdict =
  | { kind: 'reconcile'; chargeId: string; finding: Finding | null }
  | { kind: 'already_reconciled'; chargeId: string; finding: Finding | null }
  | { kind: 'mismatch'; mismatch: Mismatch };

export function judgeLine(line: ReportLine, charge: ChargeToMatch | null): LineVerdict {
  if (!charge) return { kind: 'mismatch', mismatch: { motivo: 'referencia_desconocida' } };
  if (charge.monto !== line.monto) {
    return { kind: 'mismatch', mismatch: { motivo: 'monto_distinto', pagoId: charge.chargeId, montoPago: charge.monto } };
  }
  const finding = dayFinding(line, charge);
  if (charge.estado === 'conciliado') return { kind: 'already_reconciled', chargeId: charge.chargeId, finding };
  if (charge.estado !== 'aprobado') {
    return { kind: 'mismatch', mismatch: { motivo: 'estado_no_aprobado', pagoId: charge.chargeId, estadoPago: charge.estado } };
  }
  return { kind: 'reconcile', chargeId: charge.chargeId, finding };
}

function dayFinding(line: ReportLine, charge: ChargeToMatch): Finding | null {
  if (charge.approvalDate === null || charge.approvalDate === line.fecha) return null;
  return { motivo: 'fecha_distinta', pagoId: charge.chargeId, fechaAprobacion: charge.approvalDate };
}

/** A reference that appears twice in one report: the later lines are mismatches, the first one is judged. */
export function repeatedReferences(lines: readonly ReportLine[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeated = new Map<number, number>();
  for (const line of lines) {
    const seen = first.get(line.referencia);
    if (seen === undefined) first.set(line.referencia, line.linea);
    else repeated.set(line.linea, seen);
  }
  return repeated;
}
