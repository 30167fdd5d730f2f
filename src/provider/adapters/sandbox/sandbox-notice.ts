// The sandbox's notice as the gateway reads it: checked field by field, then put in our words (ProviderNotice).
import { isExistingDay } from '../../../kernel/calendar-date.js';
import { FieldError } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/uuid.js';
import type { ProviderNotice } from '../../../payments/application/apply-provider-outcome/apply-provider-outcome.command.js';
import { ownEntry } from '../../../kernel/own-entry.js';

const ID = /^[\w-]{1,100}$/;
const isId = (value: string): boolean => ID.test(value);
const METHODS = { pse: 'pse', tarjeta: 'tarjeta', efectivo: 'efectivo' } as const;
const OUTCOMES = { aprobado: 'approved', rechazado: 'failed' } as const;
/** An instant as the sandbox writes it (toISOString), or with an offset: never a local time, which names no instant. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The decision time as an ISO string in UTC; null when absent; undefined when malformed. */
function instantOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return undefined;
  const parts = INSTANT.exec(value);
  if (!parts || !isExistingDay(parts[1] ?? '')) return undefined;
  return new Date(value).toISOString();
}

export function readSandboxNotice(body: unknown): ProviderNotice {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new FieldError({}, ['The notice must be a JSON object']);
  const notice = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const text = (field: string, valid: (value: string) => boolean): string => {
    const value = notice[field];
    if (typeof value === 'string' && valid(value)) return value;
    errors[field] = [`${field} is missing or malformed`];
    return '';
  };
  const id = text('id', isId);
  const sesion = text('sesion', isId);
  const pagoId = text('pagoId', isUuid);
  const intento = text('intento', isId);
  const metodo = ownEntry(METHODS, notice.metodo);
  if (!metodo) errors.metodo = ['metodo must be pse, tarjeta or efectivo'];
  const outcome = ownEntry(OUTCOMES, notice.resultado);
  if (!outcome) errors.resultado = ['resultado must be aprobado or rechazado'];
  const motivo = notice.motivo;
  if (motivo !== null && motivo !== undefined && (typeof motivo !== 'string' || motivo.length > 200)) errors.motivo = ['motivo must be a short string or null'];
  // Optional: a notice recorded before the sandbox said it (docs/sandbox.md) is dated by its arrival.
  const decidedAt = instantOf(notice.decididoEn);
  if (decidedAt === undefined) errors.decididoEn = ['decididoEn must be an ISO 8601 instant (with Z or an offset) or null'];
  if (Object.keys(errors).length > 0 || !metodo || !outcome || decidedAt === undefined) throw new FieldError(errors);
  return {
    noticeId: id,
    provider: 'sandbox',
    chargeId: pagoId.toLowerCase(),
    sessionId: sesion,
    outcome,
    method: metodo,
    providerReference: intento,
    reason: typeof motivo === 'string' ? motivo : null,
    decidedAt,
    raw: notice,
  };
}
