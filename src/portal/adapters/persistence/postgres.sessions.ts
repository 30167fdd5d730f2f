// Portal sessions in PostgreSQL (table portal_sesiones).
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NewSession, SessionRecord, Sessions } from '../../application/ports/sessions.port.js';

interface SessionRow {
  id: string;
  persona_id: string;
  csrf: string;
  creada_en: Date;
  vista_en: Date;
  ip: string;
  agente: string;
}

const COLUMNS = 'id, persona_id, csrf, creada_en, vista_en, ip, agente';

const toRecord = (row: SessionRow): SessionRecord => ({
  id: row.id,
  personId: row.persona_id,
  csrf: row.csrf,
  createdAt: row.creada_en,
  lastSeenAt: row.vista_en,
  ip: row.ip,
  userAgent: row.agente,
});

@Injectable()
export class PostgresSessions implements Sessions {
  constructor(private readonly db: DataSource) {}

  async create(session: NewSession): Promise<void> {
    await this.db.query(
      `INSERT INTO portal_sesiones (id, token_hash, persona_id, csrf, creada_en, vista_en, ip, agente)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
      [session.id, session.tokenHash, session.personId, session.csrf, session.createdAt, session.ip, session.userAgent],
    );
  }

  async find(tokenHash: Buffer): Promise<SessionRecord | null> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM portal_sesiones WHERE token_hash = $1 AND cerrada_en IS NULL`, [
      tokenHash,
    ])) as SessionRow[];
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async touch(sessionId: string, at: Date): Promise<void> {
    await this.db.query('UPDATE portal_sesiones SET vista_en = GREATEST(vista_en, $2) WHERE id = $1', [sessionId, at]);
  }

  async listOpen(personId: string): Promise<SessionRecord[]> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM portal_sesiones WHERE persona_id = $1 AND cerrada_en IS NULL ORDER BY creada_en DESC, id`,
      [personId],
    )) as SessionRow[];
    return rows.map(toRecord);
  }

  async close(personId: string, which: { ids: string[] } | { allBut: string } | { all: true }, at: Date): Promise<number> {
    const [sql, params] =
      'ids' in which
        ? [' AND id = ANY($3::uuid[])', [which.ids]]
        : 'allBut' in which
          ? [' AND id <> $3', [which.allBut]]
          : ['', []];
    const result = (await this.db.query(
      `UPDATE portal_sesiones SET cerrada_en = $2 WHERE persona_id = $1 AND cerrada_en IS NULL${sql}`,
      [personId, at, ...params],
    )) as [unknown[], number];
    return result[1];
  }

  async purge(before: Date): Promise<void> {
    await this.db.query('DELETE FROM portal_sesiones WHERE creada_en < $1 OR cerrada_en < $1', [before]);
  }
}
