// The auditor's replay at scale (docs/performance.md): REPLAY_CHARGES generated charges (about 3.8 events each,
// default 263,000: about 1,000,000 events) appended by 16 writers, the live projectors caught up, then every read
// model rebuilt from position 0 into fresh tables and compared. Run with `npm run bench:replay`; prints its figures.
import { appendHistories } from '../test/support/charge-histories.js';
import { startTestGateway } from '../test/support/gateway.js';
import { READ_MODELS } from '../src/operator/adapters/replay/read-models.js';
import { replayReadModels } from '../src/operator/adapters/replay/replay.js';
import { loadCheckpoint } from '../src/payments/adapters/projections/checkpoint.js';

const CHARGES = Number(process.env.REPLAY_CHARGES ?? 263_000);
const MERCHANT = '00000000-0000-4000-8000-000000000001';

it(`replays about ${Math.round(CHARGES * 3.8)} events`, async () => {
  const gw = await startTestGateway();
  try {
    let started = Date.now();
    const events = await appendHistories(gw.infra.eventStore, CHARGES, () => MERCHANT);
    const appendMs = Date.now() - started;
    // The live projectors first reach the end of the log, so the replay is timed alone on this 2-core box.
    started = Date.now();
    for (const model of READ_MODELS) {
      for (;;) {
        const { position } = await loadCheckpoint(gw.infra.dataSource, model.projection.name);
        if ((await gw.infra.eventStore.readAll(position, 1)).length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const liveMs = Date.now() - started;
    started = Date.now();
    let lastPrint = 0;
    const report = await replayReadModels(gw.infra.dataSource, gw.infra.eventStore, READ_MODELS, {
      batchSize: Number(process.env.REPLAY_BATCH ?? 5000),
      liveTimeoutMs: 600_000,
      onProgress: (p) => {
        if (Date.now() - lastPrint < 5_000 && p.fase === 'reproduciendo') return;
        lastPrint = Date.now();
        process.stderr.write(`${p.fase} ${p.proyeccion ?? ''} ${p.eventos} events, ${p.eventosPorSegundo} events/s\n`);
      },
    });
    const lines = [
      `events appended: ${events} in ${appendMs} ms; live projectors caught up ${liveMs} ms later`,
      `replay: ${report.eventos} events in ${report.duracionMs} ms (${report.eventosPorSegundo} events/s), equal: ${report.iguales}`,
      ...report.proyecciones.flatMap((p) => p.tablas.map((t) => `  ${p.proyeccion}/${t.tabla}: ${t.filasEnVivo} rows, ${t.iguales ? 'equal' : 'DIFFERENT'}`)),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    expect(report.iguales).toBe(true);
  } finally {
    await gw.close();
  }
}, 3_600_000);
