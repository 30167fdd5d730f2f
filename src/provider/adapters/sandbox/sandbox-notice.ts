// The sandbox's notice as the gateway reads it: checked field by field, then put in our words (ProviderNotice).
import { FieldError } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/uuid.js';
import type { ProviderNotice } from '../../../payments/application/apply-provider-outcome/apply-provider-outcome.command.js';

const ID = /^[\w-]{1,100}$/;
const isId = (value: string): boolean => ID.test(value);
const METHODS = { pse: 'pse', tarjeta: 'tarjeta', efectivo: 'efectivo' } as const;
const OUTCOMES = { aprobado: 'approved', rechazado: 'failed' } as const;

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
  const metodo = METHODS[notice.metodo as keyof typeof METHODS];
  if (!metodo) errors.metodo = ['metodo must be pse, tarjeta or efectivo'];
  const outcome = OUTCOMES[notice.resultado as keyof typeof OUTCOMES];
  if (!outcome) errors.resultado = ['resultado must be aprobado or rechazado'];
  const motivo = notice.motivo;
  if (motivo !== null && motivo !== undefined && (typeof motivo !== 'string' || motivo.length > 200)) errors.motivo = ['motivo must be a short string or null'];
  if (Object.keys(errors).length > 0 || !metodo || !outcome) throw new FieldError(errors);
  return {
    noticeId: id,
    provider: 'sandbox',
    chargeId: pagoId.toLowerCase(),
    sessionId: sesion,
    outcome,
    method: metodo,
    providerReference: intento,
    reason: typeof motivo === 'string' ? motivo : null,
    raw: notice,
  };
}
