// A dispatcher in a process of its own, for the kill test: the real gateway's worker role (charges projector and
// webhook dispatcher), configured from the environment like `ROLE=worker npm start`, on the test's database.
// Bounded: it stops when its parent goes away (stdin closes), on SIGTERM, and after WORKER_MAX_LIFETIME_MS at most.
import { loadConfig } from '../../../src/kernel/config.js';
import { startGateway } from '../../../src/gateway.js';

const config = loadConfig();
if (config.role !== 'worker' || !config.databaseUrl) throw new Error('Run with ROLE=worker and DATABASE_URL');
const gateway = await startGateway({ config, databaseUrl: config.databaseUrl, logger: ['error'] });
process.stdout.write('worker ready\n');

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await gateway.close().catch((error: unknown) => process.stderr.write(`close: ${String(error)}\n`));
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
setTimeout(() => void stop(), Number(process.env.WORKER_MAX_LIFETIME_MS ?? 120_000));
