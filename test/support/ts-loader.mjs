// Node module hooks that run the TypeScript sources directly, compiled by @swc/core with the project's .swcrc (the
// toolchain Jest uses): `.js` in a relative import resolves to the `.ts` beside it. For test child processes only.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import swc from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { $schema: _schema, ...options } = JSON.parse(readFileSync(path.join(root, '.swcrc'), 'utf8'));

export async function resolve(specifier, context, nextResolve) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL?.startsWith('file:')) {
    const target = fileURLToPath(new URL(specifier, context.parentURL));
    if (!existsSync(target)) {
      const candidates = [target.replace(/\.js$/, '.ts'), `${target}.ts`];
      const found = candidates.find((candidate) => candidate !== target && existsSync(candidate));
      if (found) return { url: pathToFileURL(found).href, format: 'module', shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), { ...options, filename, swcrc: false, sourceMaps: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
}
