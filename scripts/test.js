#!/usr/bin/env node
// `npm test`: Jest on the ESM sources, with the VM-modules flag it needs, and its totals printed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
const result = spawnSync(process.execPath, [jest, ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
