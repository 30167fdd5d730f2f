// "Nothing is lost: no half-written state after a crash", for what follows a charge's creation: the provider's
// notice of an approval, the operator's refund and the import of the provider's settlement report. The gateway
// (`npm start`, ROLE=all: the API, its sandbox provider and the workers) runs in a child process, and is SIGKILLed
// while it is in the middle of the operation. The moment is made without a hook in the gateway: the test holds, in
// an open transaction, the row the gateway's next append to one charge's stream will write (same stream, same
// revision), so that append waits on the unique index; the test sees the gateway's statement waiting on its
// transaction (pg_blocking_pids), kills the process, ends the dead process's sessions (as a database that noticed
// the lost connection would: the write that waited is never made) and only then rolls its row back.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bogotaDate } from '../../src/kernel/bogota.js';
import { exited, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, waitUntil, type HttpAnswer } from '../support/gateway.js';
import type { GatewayAddress } from '../support/merchants.js';
import { freePort } from '../support/ports.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { createCharge, merchantWithEndpoint, type CreatedCharge, type WebhookMerchant } from '../webhooks/support/webhooks.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY = path.join(here, '../support/gateway-process.ts');
const READY_MS = 60_000;
const OPERATOR_TOKEN = 'outcome-kill-operator-token-0123456789';
/** The sandbox re-sends a notice whose sender died once its 30 s lease is over (sandbox-notifier.ts). */
const NOTICE_RESENT_MS = 90_000;

interface Held {
  /** The gateway's session waiting on the held row, once it waits. */
  waiting: () => Promise<number[]>;
  /** Kills the gateway, ends its sessions, then rolls the held row back. */
  crash: (child: ChildProcess) => Promise<void>;
}

describe('a gateway killed with SIGKILL in the middle of an approval, a refund and a reconciliation', () => {
  let db: TestDatabase;
  let sql: pg.Client;
  const children: ChildProcess[] = [];
  const secrets = { PROVIDER_SECRET: randomBytes(32).toString('base64url'), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') };
  let gw: GatewayAddress;
  let ports: { PORT: string; ADMIN_PORT: string; SANDBOX_PORT: string };
  let receiver: Receiver;
  let merchant: WebhookMerchant;
  let gateway: ChildProcess;

  const startGateway = async (): Promise<ChildProcess> => {
    const child = await startChild(
      GATEWAY,
      {
        ...process.env,
        ROLE: 'all',
        DATABASE_URL: db.url,
        OPERATOR_TOKEN,
        ...secrets,
        ...ports,
        SANDBOX_HOST: '127.0.0.1',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        PROVIDER_TIMEOUT_MS: '30000',
        // The worker finishes a refund left unrecorded once its note is this old.
        STALE_CHARGE_AFTER_SECONDS: '2',
        GATEWAY_MAX_LIFETIME_MS: '280000',
      },
      'Pasarela is running',
      READY_MS,
    );
    children.push(child);
    return child;
  };

  /** Holds the row of the next event of the charge's stream in an open transaction of its own. */
  const holdNextAppend = async (chargeId: string): Promise<Held> => {
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('BEGIN');
    const stream = `charge-${chargeId}`;
    await holder.query(
      `INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
       SELECT $1, COALESCE(max(revision), -1) + 1, gen_random_uuid(), 'HeldByTheKillTest', '{}', '{}' FROM events WHERE stream_id = $1`,
      [stream],
    );
    const [{ pid }] = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
    const waiting = async (): Promise<number[]> =>
      (await sql.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))', [pid])).rows.map((r) => r.pid);
    return {
      waiting,
      crash: async (child) => {
        child.kill('SIGKILL');
        await exited(child);
        if (child.signalCode !== 'SIGKILL') throw new Error(`the gateway ended by ${child.exitCode ?? child.signalCode}, not by the SIGKILL`);
        // The dead gateway's sessions, as the database would end them on the lost connection: never the write.
        await sql.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1 AND backend_type = 'client backend'`,
          [pid],
        );
        await waitUntil(waiting, (pids) => pids.length === 0, 30_000);
        await holder.query('ROLLBACK');
        await holder.end();
      },
    };
  };

  const estadoOf = async (chargeId: string): Promise<string> => {
    const answer = await http<{ estado: string }>('GET', `${gw.publicUrl}/v1/pagos/${chargeId}`, { token: merchant.apiKey });
    expect(answer.status).toBe(200);
    return answer.body.estado;
  };

  const eventTypes = async (chargeId: string): Promise<string[]> =>
    (await sql.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY revision', [`charge-${chargeId}`])).rows.map(
      (r) => r.type,
    );

  /** The sandbox decides the charge's payment and notifies the gateway (the operator's scripted-test route). */
  const sandboxDecides = (chargeId: string): Promise<HttpAnswer<unknown>> =>
    http('POST', `${gw.adminUrl}/internal/sandbox/pagos/${chargeId}/resultado`, { token: OPERATOR_TOKEN, body: { resultado: 'aprobado' } });

  const approved = async (): Promise<CreatedCharge> => {
    const charge = await createCharge(gw, merchant);
    const answer = await sandboxDecides(charge.id);
    expect(answer.status).toBe(202);
    await waitUntil(() => estadoOf(charge.id), (estado) => estado === 'aprobado', 30_000);
    return charge;
  };

  const refund = (chargeId: string) =>
    http<{ estado: string; referenciaReembolso: string; yaReembolsado: boolean }>('POST', `${gw.adminUrl}/internal/pagos/${chargeId}/reembolso`, {
      token: OPERATOR_TOKEN,
    });

  const importReport = (reporte: string) =>
    http<ImportAnswer>('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: OPERATOR_TOKEN, body: { reporte } });

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const taken = new Set<number>();
    while (taken.size < 3) taken.add(await freePort());
    const [port, adminPort, sandboxPort] = [...taken].map(String) as [string, string, string];
    ports = { PORT: port, ADMIN_PORT: adminPort, SANDBOX_PORT: sandboxPort };
    gw = { publicUrl: `http://127.0.0.1:${port}`, adminUrl: `http://127.0.0.1:${adminPort}`, operatorToken: OPERATOR_TOKEN };
    receiver = await Receiver.start();
    gateway = await startGateway();
    merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
  }, 90_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await receiver?.close();
    await sql?.end();
    await db?.drop();
  });

  it("ends aprobado after a kill while the provider's approval notice was being applied: one PaymentApproved, one delivery, received once", async () => {
    const charge = await createCharge(gw, merchant);
    const held = await holdNextAppend(charge.id);
    // Cut off by the kill: the sandbox answers once the gateway has answered its notice.
    const decided = sandboxDecides(charge.id).catch((error: unknown) => error);
    await waitUntil(held.waiting, (pids) => pids.length > 0, 30_000);
    // The notice reached the gateway and the sandbox recorded it, not delivered.
    const notices = await sql.query('SELECT 1 FROM sandbox_notices WHERE body::jsonb->>$1 = $2 AND entregada_en IS NULL', ['pagoId', charge.id]);
    expect(notices.rowCount).toBe(1);
    await held.crash(gateway);
    await decided;
    expect(await eventTypes(charge.id)).toEqual(['ChargeCreated', 'CheckoutOpened']);

    gateway = await startGateway();
    await waitUntil(() => estadoOf(charge.id), (estado) => estado === 'aprobado', NOTICE_RESENT_MS);
    expect((await eventTypes(charge.id)).filter((t) => t === 'PaymentApproved')).toHaveLength(1);
    const delivered = await waitUntil(
      async () =>
        (await sql.query<{ estado: string }>("SELECT estado FROM webhook_deliveries WHERE charge_id = $1 AND event_type = 'payment.completed'", [
          charge.id,
        ])).rows,
      (rows) => rows.some((r) => r.estado === 'entregada'),
      30_000,
    );
    expect(delivered).toEqual([{ estado: 'entregada' }]);
    const received = receiver.accepted.filter((r) => (JSON.parse(r.rawBody) as { data: { paymentId: string } }).data.paymentId === charge.id);
    expect(received).toHaveLength(1);
    expect(received[0]!.verification.ok).toBe(true);
    const sent = await sql.query('SELECT 1 FROM sandbox_notices WHERE body::jsonb->>$1 = $2 AND entregada_en IS NOT NULL', ['pagoId', charge.id]);
    expect(sent.rowCount).toBe(1);
  }, 240_000);

  it("records the one refund the provider made when the gateway was killed between that refund and its record, with no retry", async () => {
    const charge = await approved();
    const held = await holdNextAppend(charge.id);
    const cut = refund(charge.id).catch((error: unknown) => error);
    await waitUntil(held.waiting, (pids) => pids.length > 0, 30_000);
    const refundsAtProvider = async () =>
      (
        await sql.query<{ id: string }>(
          'SELECT r.id FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
          [charge.id],
        )
      ).rows;
    // The provider refunded; the gateway had not recorded it.
    expect(await refundsAtProvider()).toHaveLength(1);
    await held.crash(gateway);
    await cut;
    expect(await eventTypes(charge.id)).not.toContain('ChargeRefunded');

    // Nobody asks again: the restarted gateway's worker records it.
    gateway = await startGateway();
    await waitUntil(() => estadoOf(charge.id), (estado) => estado === 'reembolsado', 30_000);
    const atProvider = await refundsAtProvider();
    expect(atProvider).toHaveLength(1);
    const recorded = await sql.query<{ metadata: { actor: unknown; causationId: string } }>(
      "SELECT metadata FROM events WHERE stream_id = $1 AND type = 'ChargeRefunded'",
      [`charge-${charge.id}`],
    );
    expect(recorded.rows).toHaveLength(1);
    expect(recorded.rows[0]!.metadata).toMatchObject({ actor: { type: 'operator', id: 'operator-token' }, causationId: atProvider[0]!.id });
    // The operator's retry, late, changes nothing and answers that refund.
    const again = await refund(charge.id);
    expect(again.body).toMatchObject({ yaReembolsado: true, referenciaReembolso: atProvider[0]!.id });
    expect(await refundsAtProvider()).toHaveLength(1);

    expect(await estadoOf(charge.id)).toBe('reembolsado');
    const line = await waitUntil(
      () => http<{ estadoPago: string; estado: string }>('GET', `${gw.publicUrl}/v1/pagos/${charge.id}/liquidacion`, { token: merchant.apiKey }),
      (answer) => answer.status === 200 && answer.body.estadoPago === 'reembolsado',
      30_000,
    );
    expect(line.body).toMatchObject({ estadoPago: 'reembolsado', estado: 'revertida' });
  }, 240_000);

  it('imports a report killed mid-import, imported again, as one clean import: every line once, the import recorded once', async () => {
    // The five approvals on one Bogotá day, the report's (made again if they straddled its midnight).
    let charges: CreatedCharge[] = [];
    let fecha = '';
    for (let day = ''; fecha === '' || fecha !== day; ) {
      day = bogotaDate(new Date());
      charges = [];
      for (let i = 0; i < 5; i++) charges.push(await approved());
      fecha = bogotaDate(new Date());
    }
    const report = await http('GET', `${gw.adminUrl}/internal/conciliaciones/reportes/${fecha}`, { token: OPERATOR_TOKEN });
    expect(report.status).toBe(200);
    const chargeOfReference = new Map(
      (
        await sql.query<{ ref: string; id: string }>(
          "SELECT data->>'providerReference' AS ref, substr(stream_id, 8) AS id FROM events WHERE type = 'PaymentApproved'",
        )
      ).rows.map((r) => [r.ref, r.id]),
    );
    const ours = new Set(charges.map((c) => c.id));
    // The charges of the report's lines, in its order: the kill comes at the third of this test's five.
    const inOrder = report.text
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => chargeOfReference.get(row.split(',')[0]!))
      .filter((id): id is string => id !== undefined && ours.has(id));
    expect(inOrder).toHaveLength(5);
    // Every aprobado charge of the report, this test's and the first test's approval: what a clean import reconciles.
    const toReconcile = [];
    for (const id of chargeOfReference.values()) if ((await estadoOf(id)) === 'aprobado') toReconcile.push(id);

    const held = await holdNextAppend(inOrder[2]!);
    const cut = importReport(report.text).catch((error: unknown) => error);
    await waitUntil(held.waiting, (pids) => pids.length > 0, 30_000);
    await held.crash(gateway);
    await cut;
    // What the crash left: the first lines' charges moved, the rest not, and no import recorded.
    expect((await eventTypes(inOrder[0]!)).at(-1)).toBe('ChargeReconciled');
    expect((await eventTypes(inOrder[2]!)).at(-1)).toBe('PaymentApproved');
    expect((await sql.query('SELECT 1 FROM settlement_report_imports')).rowCount).toBe(0);

    gateway = await startGateway();
    const again = await importReport(report.text);
    expect(again.status).toBe(200);
    // As one clean import answers: every aprobado charge of the report reconciled by it, none "already", no repeat.
    expect(again.body.repetidoDe).toBeNull();
    expect(again.body.yaConciliados).toEqual([]);
    expect(again.body.conciliados.map((l) => l.pagoId).sort()).toEqual([...toReconcile].sort());
    for (const id of toReconcile) {
      expect(await estadoOf(id)).toBe('conciliado');
      expect((await eventTypes(id)).filter((t) => t === 'ChargeReconciled')).toHaveLength(1);
    }
    const imports = await http<{ data: Array<{ importacion: string }> }>('GET', `${gw.adminUrl}/internal/conciliaciones`, {
      token: OPERATOR_TOKEN,
    });
    expect(imports.body.data).toHaveLength(1);
    expect(imports.body.data[0]!.importacion).toBe(again.body.importacion);
    // A third import is a repeat of the recorded one, as after any clean import.
    const third = await importReport(report.text);
    expect(third.body.repetidoDe).toMatchObject({ importacion: again.body.importacion });
    expect(third.body.conciliados).toEqual([]);
    expect(third.body.yaConciliados.map((l) => l.pagoId).sort()).toEqual([...toReconcile].sort());
  }, 240_000);
});

interface ImportAnswer {
  importacion: string;
  repetidoDe: { importacion: string } | null;
  conciliados: Array<{ pagoId: string }>;
  yaConciliados: Array<{ pagoId: string }>;
}
