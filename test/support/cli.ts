// bin/pasarela-ops.js spawned as an operator runs it, pointed at a test gateway's operator API with its token.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { TestGateway } from './gateway.js';

export const CLI = path.resolve('bin/pasarela-ops.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous on purpose: the gateway answering the CLI runs in the test's own process. */
export function pasarelaOps(gw: Pick<TestGateway, 'adminUrl' | 'operatorToken'>, args: string[]): Promise<CliRun> {
  const { OPERATOR_TOKEN: _, DATA_DIR: __, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, '--url', gw.adminUrl, '--token', gw.operatorToken, ...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}
