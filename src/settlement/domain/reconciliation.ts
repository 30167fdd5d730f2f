// How one line of the provider's settlement report meets our charge (DESIGN.md 5.12b): a match needs the provider
// reference and the gross amount; only an aprobado charge becomes conciliado. Pure.
import type { Estado } from '../../payments/domain/charge.js';
import type { ReportLine } from './settlement-report.js';

export interface ChargeToMatch {
  chargeId: string;
  monto: number;
  estado: Estado;
}

export type Mismatch =
  | { motivo: 'referencia_desconocida' }
  | { motivo: 'monto_distinto'; pagoId: string; montoPago: number }
  | { motivo: 'estado_no_aprobado'; pagoId: string; estadoPago: Estado }
  | { motivo: 'referencia_repetida'; primeraLinea: number }
  | { motivo: 'linea_invalida'; detalle: string };

export type LineVerdict =
  | { kind: 'reconcile'; chargeId: string }
  | { kind: 'already_reconciled'; chargeId: string }
  | { kind: 'mismatch'; mismatch: Mismatch };

export function judgeLine(line: ReportLine, charge: ChargeToMatch | null): LineVerdict {
  if (!charge) return { kind: 'mismatch', mismatch: { motivo: 'referencia_desconocida' } };
  if (charge.monto !== line.monto) {
    return { kind: 'mismatch', mismatch: { motivo: 'monto_distinto', pagoId: charge.chargeId, montoPago: charge.monto } };
  }
  if (charge.estado === 'conciliado') return { kind: 'already_reconciled', chargeId: charge.chargeId };
  if (charge.estado !== 'aprobado') {
    return { kind: 'mismatch', mismatch: { motivo: 'estado_no_aprobado', pagoId: charge.chargeId, estadoPago: charge.estado } };
  }
  return { kind: 'reconcile', chargeId: charge.chargeId };
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
