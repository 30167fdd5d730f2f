// Reconciliation as a sentence: parse the report, find each line's charge, judge it, move the matching aprobado
// charges to conciliado, record the import and answer every mismatch. Importing the same report again moves nothing:
// its charges are conciliado already. An import cut by a crash before its record is finished by the next import of the
// same report, which answers as the one clean import would have (its charges in conciliados).
import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { FieldError } from '../../../kernel/errors.js';
import { judgeLine, repeatedReferences, type ChargeToMatch } from '../../domain/reconciliation.js';
import { parseSettlementReport, type ParsedReport, type ReportLine } from '../../domain/settlement-report.js';
import { CHARGE_FACTS, type ChargeFactsReader } from '../ports/charge-facts.port.js';
import {
  CHARGE_RECONCILIATION,
  PROVIDER_REFERENCES,
  REPORT_IMPORTS,
  type ChargeReconciliation,
  type ProviderReferences,
  type ReportImports,
} from '../ports/reconciliation.port.js';
import {
  ImportSettlementReportCommand,
  type LineRef,
  type ReconciliationResult,
} from './import-settlement-report.command.js';

const refOf = (line: ReportLine): LineRef => ({ linea: line.linea, referenciaProveedor: line.referencia, monto: line.monto, fecha: line.fecha });

@CommandHandler(ImportSettlementReportCommand)
export class ImportSettlementReportHandler implements ICommandHandler<ImportSettlementReportCommand, ReconciliationResult> {
  constructor(
    @Inject(PROVIDER_REFERENCES) private readonly references: ProviderReferences,
    @Inject(CHARGE_FACTS) private readonly charges: ChargeFactsReader,
    @Inject(CHARGE_RECONCILIATION) private readonly reconciliation: ChargeReconciliation,
    @Inject(REPORT_IMPORTS) private readonly imports: ReportImports,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ csv, actor }: ImportSettlementReportCommand): Promise<ReconciliationResult> {
    const report = parseSettlementReport(csv);
    if (report.lines.length + report.malformed.length === 0) throw FieldError.of('reporte', 'the report has no lines');
    const reportId = `sha256:${createHash('sha256').update(report.normalized).digest('hex')}`;
    // One import of a report at a time, so a concurrent repeat finds the first recorded and answers `repetidoDe`.
    return this.imports.alone(reportId, () => this.importReport(report, reportId, actor));
  }

  private async importReport(report: ParsedReport, reportId: string, actor: Actor): Promise<ReconciliationResult> {
    const importId = randomUUID();
    const importedAt = this.clock.now();
    const previous = await this.imports.first(reportId);
    const answered = await this.imports.reconciledIn(reportId);
    const result: ReconciliationResult = {
      importacion: importId,
      reporte: reportId,
      importadoEn: importedAt.toISOString(),
      repetidoDe: previous ? { importacion: previous.id, importadoEn: previous.importedAt } : null,
      lineas: report.lines.length + report.malformed.length,
      conciliados: [],
      yaConciliados: [],
      diferencias: report.malformed.map((m) => ({ linea: m.linea, texto: m.texto, motivo: 'linea_invalida' as const, detalle: m.detalle })),
      observaciones: [],
    };

    const repeated = repeatedReferences(report.lines);
    const chargeIds = await this.references.chargesOf([...new Set(report.lines.map((l) => l.referencia))]);
    for (const line of report.lines) {
      const first = repeated.get(line.linea);
      if (first !== undefined) {
        result.diferencias.push({ ...refOf(line), motivo: 'referencia_repetida', primeraLinea: first });
        continue;
      }
      const verdict = judgeLine(line, await this.chargeOf(chargeIds.get(line.referencia)));
      if (verdict.kind === 'mismatch') {
        result.diferencias.push({ ...refOf(line), ...verdict.mismatch });
        continue;
      }
      // A line matched by reference and amount is reconciled whatever its day; a day apart is said beside it.
      if (verdict.kind === 'already_reconciled') {
        // Moved by an import of this very report that a crash cut before it was recorded (the record comes last), the
        // first or a repeat: no recorded import answered it. This import finishes that one, and answers the charge as
        // reconciled, as one clean import would have.
        const unfinished = !answered.has(verdict.chargeId) && (await this.reconciliation.reconciledBy(verdict.chargeId)) === reportId;
        (unfinished ? result.conciliados : result.yaConciliados).push({ ...refOf(line), pagoId: verdict.chargeId });
        if (verdict.finding) result.observaciones.push({ ...refOf(line), ...verdict.finding });
        continue;
      }
      const outcome = await this.reconciliation.reconcile({
        chargeId: verdict.chargeId,
        reportId,
        valueDate: line.fecha,
        correlationId: importId,
        actor,
      });
      if (outcome.kind === 'refused') {
        result.diferencias.push({ ...refOf(line), motivo: 'estado_no_aprobado', pagoId: verdict.chargeId, estadoPago: outcome.estado });
        continue;
      }
      (outcome.kind === 'reconciled' ? result.conciliados : result.yaConciliados).push({ ...refOf(line), pagoId: verdict.chargeId });
      if (verdict.finding) result.observaciones.push({ ...refOf(line), ...verdict.finding });
    }
    result.diferencias.sort((a, b) => a.linea - b.linea);

    await this.imports.record({
      id: importId,
      reportHash: reportId,
      importedAt,
      actor,
      lines: result.lineas,
      reconciled: result.conciliados.length,
      mismatches: result.diferencias.length,
      result,
    });
    return result;
  }

  private async chargeOf(chargeId: string | undefined): Promise<ChargeToMatch | null> {
    if (!chargeId) return null;
    const facts = await this.charges.find(chargeId);
    return facts ? { chargeId: facts.chargeId, monto: facts.monto, estado: facts.estado, approvalDate: facts.approvalDate } : null;
  }
}
