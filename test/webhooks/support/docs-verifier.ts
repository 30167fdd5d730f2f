// The `verify-pasarela.mjs` block printed in docs/webhooks.md, loaded as a merchant would copy it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Verify = (rawBody: string, header: string | undefined, secret: string, now?: number) => boolean;

const DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/webhooks.md');

export async function docsVerifier(): Promise<Verify> {
  const block = /```js\n\/\/ verify-pasarela\.mjs\n([\s\S]*?)```/.exec(readFileSync(DOC, 'utf8'))?.[1];
  if (!block) throw new Error('docs/webhooks.md has no verify-pasarela.mjs block');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pasarela-doc-')), 'verify-pasarela.mjs');
  writeFileSync(file, block);
  // Node imports it natively; Jest's module registry would not take a file outside its roots.
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<{ verifyPasarela: Verify }>;
  return (await load(pathToFileURL(file).href)).verifyPasarela;
}
