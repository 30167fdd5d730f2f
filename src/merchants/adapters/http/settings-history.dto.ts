// GET /v1/merchants/me/cambios: its query (limit and cursor as in GET /v1/pagos) and its answer (DESIGN.md 5.18).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ActorType } from '../../../kernel/actor.js';
import { decodeCursor, isCursorTime, PageParams, pageLimit } from '../../../kernel/http/page.params.js';
import { checked, CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import type { SettingsChangeEntry } from '../../application/list-settings-changes/list-settings-changes.query.js';
import { SETTINGS_CHANGE_KINDS, type SettingsChangeCursor, type SettingsChangeKind } from '../../domain/settings-change.js';

const ACTOR_TYPES: ActorType[] = ['merchant-key', 'person', 'operator', 'provider', 'system'];

@CheckedBy(historyRules)
export class SettingsHistoryParams extends PageParams {}

// The cursor is opaque like GET /v1/pagos's: base64url of the last entry's position, here (time, kind, id).
export const encodeCursor = (cursor: SettingsChangeCursor): string =>
  Buffer.from(JSON.stringify([cursor.cambiadoEn, cursor.tipo, cursor.id])).toString('base64url');

/** limit's range and the cursor: what the decorators cannot say, every problem added to `problems`. */
function readHistory(params: Sent<SettingsHistoryParams>, problems: BodyProblems): { after: SettingsChangeCursor | null; limit: number } {
  const limit = pageLimit(params, problems);
  const cursor = decodeCursor<[string, SettingsChangeKind, string]>(params, problems, [
    isCursorTime,
    (item) => (SETTINGS_CHANGE_KINDS as readonly unknown[]).includes(item),
    (item) => typeof item === 'string' && /^\d{1,18}$/.test(item),
  ]);
  return { after: cursor && { cambiadoEn: cursor[0], tipo: cursor[1], id: cursor[2] }, limit };
}

/** Run by the validation pipe beside the decorators (CheckedBy), so one 400 names every problem of the query. */
function historyRules(params: Sent<SettingsHistoryParams>, problems: BodyProblems): void {
  readHistory(params, problems);
}

/** The request of a query; its rules are checked again here, for a caller the pipe did not check. */
export function toHistoryRequest(params: SettingsHistoryParams): { after: SettingsChangeCursor | null; limit: number } {
  return checked((problems) => readHistory(params, problems));
}

export class SettingsChangeActorResponse {
  @ApiProperty({ enum: ACTOR_TYPES, description: 'merchant-key: an API key; person: a portal user; operator: the Pasarela team.' })
  tipo!: ActorType;

  @ApiProperty({ description: "The API key's id, the person's id, or the operator's." })
  id!: string;

  @ApiPropertyOptional({ description: "A person's name, or the API key's last four characters (\"Clave de API …abcd\")." })
  nombre?: string;
}

export class SettingsChangeResponse {
  @ApiProperty({ enum: SETTINGS_CHANGE_KINDS, description: 'What changed: web registration, webhook endpoint, a person, own checkout.' })
  tipo!: SettingsChangeKind;

  @ApiProperty({ format: 'date-time' })
  cambiadoEn!: string;

  @ApiProperty({ type: SettingsChangeActorResponse, description: 'Who made the change.' })
  actor!: SettingsChangeActorResponse;

  @ApiProperty({ example: 'Sitio web: https://a.co → https://b.co', description: 'The change in a short Spanish sentence.' })
  resumen!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The values before and after. registro_web: {antes: {sitioWeb, urlRetorno} | null, despues}; webhook: {antes: ' +
      '{url, activo} | null, despues, secretoCambiado}; persona: {personaId, accion: invitada|activada|rol|eliminada|restablecimiento_emitido|contrasena_restablecida, ' +
      'antes: {email, nombre, rol} | null, despues}; checkout_propio: {habilitado}. Never a secret.',
  })
  detalle!: Record<string, unknown>;

  static of({ change, resumen }: SettingsChangeEntry): SettingsChangeResponse {
    const { type, id, nombre } = change.actor;
    return {
      tipo: change.tipo,
      cambiadoEn: change.cambiadoEn,
      actor: nombre === null ? { tipo: type, id } : { tipo: type, id, nombre },
      resumen,
      detalle: { ...change.detalle },
    };
  }
}

export class SettingsChangePageResponse {
  @ApiProperty({ type: [SettingsChangeResponse] })
  data!: SettingsChangeResponse[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor to get the next page; null on the last page.' })
  nextCursor!: string | null;
}
