// Sign-in attempt counts in PostgreSQL (table portal_intentos_ingreso), one short transaction per update.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SignInAttempts } from '../../application/ports/sign-in-attempts.port.js';
import type { AttemptRecord } from '../../domain/sign-in-throttle.js';

interface AttemptRow {
  fallos: number;
  ultimo_intento: Date;
  espera_hasta: Date | null;
}

@Injectable()
export class PostgresSignInAttempts implements SignInAttempts {
  constructor(private readonly db: DataSource) {}

  update<T>(key: string, decide: (record: AttemptRecord | null) => { next: AttemptRecord | null; result: T }): Promise<T> {
    return this.db.transaction(async (tx) => {
      // A first attempt has no row to lock: the insert makes one, and a concurrent first attempt waits on it.
      await tx.query(
        `INSERT INTO portal_intentos_ingreso (clave, fallos, ultimo_intento) VALUES ($1, 0, now()) ON CONFLICT (clave) DO NOTHING`,
        [key],
      );
      const rows = (await tx.query('SELECT fallos, ultimo_intento, espera_hasta FROM portal_intentos_ingreso WHERE clave = $1 FOR UPDATE', [
        key,
      ])) as AttemptRow[];
      const row = rows[0];
      const record = row && row.fallos > 0 ? { failures: row.fallos, lastAttemptAt: row.ultimo_intento, waitUntil: row.espera_hasta } : null;
      const { next, result } = decide(record);
      if (next === null) await tx.query('DELETE FROM portal_intentos_ingreso WHERE clave = $1', [key]);
      else {
        await tx.query('UPDATE portal_intentos_ingreso SET fallos = $2, ultimo_intento = $3, espera_hasta = $4 WHERE clave = $1', [
          key,
          next.failures,
          next.lastAttemptAt,
          next.waitUntil,
        ]);
      }
      return result;
    });
  }
}
