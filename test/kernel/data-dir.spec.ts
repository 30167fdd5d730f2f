// An unusable DATA_DIR stops `npm start` (src/main.ts, as a real process) with one line naming it, in bounded time.
// Before: under /proc the start hung for ever (Node 20's recursive mkdirSync loops on ENOENT there), and a file, a
// path through a file or a directory it cannot write in stopped it with a bare EEXIST / ENOTDIR / EACCES naming no
// variable.
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild } from '../support/child-process.js';
import { GATEWAY_PROCESS } from '../support/gateway-process-env.js';
import { freePort } from '../support/ports.js';
import { prepareDataDir } from '../../src/kernel/data-dir.js';

const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-data-dir-'));
const file = path.join(parent, 'a-file');
writeFileSync(file, 'not a directory\n');

/** What the start printed before it exited; it must exit, not hang nor start. */
async function failedStart(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, GATEWAY_MAX_LIFETIME_MS: '30000' };
  delete env.DATABASE_URL;
  for (const name of ['PORT', 'ADMIN_PORT', 'SANDBOX_PORT', 'EMBEDDED_PG_PORT']) env[name] = String(await freePort());
  const started = startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 20_000);
  const error = await started.then(
    () => new Error('it started'),
    (refusal: unknown) => refusal as Error,
  );
  const exited = /^gateway-process\.ts exited \(1\) before it was ready:\n([\s\S]*)$/.exec(error.message);
  if (!exited) throw error;
  return exited[1]!;
}

describe('an unusable DATA_DIR', () => {
  it.each([
    ['under /proc, where no directory can be made', '/proc/pasarela', 'cannot create /proc/pasarela'],
    ['a file', file, 'it is a file, not a directory'],
    ['a path through a file', path.join(file, 'data'), `${file} is a file, not a directory`],
    ['a directory nobody can write in', '/sys/kernel', 'cannot write in it'],
  ])('%s stops the start with one line naming DATA_DIR, exit status 1', async (_, dataDir, problem) => {
    const output = await failedStart(dataDir);
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([expect.stringContaining(`DATA_DIR ${dataDir} cannot be used: ${problem}`)]);
  }, 30_000);
});

describe('prepareDataDir', () => {
  it('makes missing parents traversable (755) for the postgres user, and DATA_DIR itself 700', () => {
    const dir = path.join(parent, 'nested', 'deeper', 'data');
    expect(prepareDataDir(dir)).toBe(dir);
    expect(statSync(path.join(parent, 'nested')).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(parent, 'nested', 'deeper')).mode & 0o777).toBe(0o755);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
