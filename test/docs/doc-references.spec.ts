// The documents name files, sections and links; each must still exist, so a doc cannot silently point at a file
// that was moved or a section that was renamed. Checked: every relative Markdown link of README.md and docs/*.md
// (the file, and its #anchor among the target's headings), every repository path the text names (src/..., test/...,
// a file name such as `checkpoint.ts`), and every `decisions.md, "Section"` cited by the docs or the code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', '.test-build', 'results']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const rel = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(rel, out);
    else out.push(rel);
  }
  return out;
}

const files = walk('.');
const dirs = new Set(files.flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
const docs = ['README.md', ...files.filter((f) => f.startsWith('docs/') && f.endsWith('.md')).sort()];

/**
 * Names the docs use that are not files of this repository, each for a reason: the team's documents beside the repo
 * (never read by the project), what a build or a run writes, the client library's own files, served asset names, and
 * file names a merchant or operator chooses in an example.
 */
const NOT_REPO_FILES: Record<string, string> = {
  'DESIGN.md': 'the team document in ../shared',
  'merchant-gateway-spec.md': 'the team document in ../shared',
  'TOOLCHAIN.md': 'the team document in ../shared',
  'STYLE.md': 'the team document in ../shared',
  'pse-banks.json': "the team's fixture in ../shared, copied into src/provider/adapters/sandbox/banks.ts",
  'dist/main.js': 'build output',
  'data/demo-merchant.json': 'written by npm start',
  'demo-merchant.json': 'written by npm start, in DATA_DIR',
  'bench/results/': 'written by npm run bench, not committed',
  'convertGrpcEvent.js': "@eventstore/db-client's own file",
  'ReadStream.js': "@eventstore/db-client's own file",
  'checkout.js': 'the URL of an asset served from src/checkout/adapters/http/views/assets.ts',
  'marco.js': 'the URL of an asset served by src/provider/adapters/sandbox/sandbox-assets.controller.ts',
  'report.csv': "an example operator's file",
  'file.csv': "an example operator's file",
  'composer.json': "a Laravel merchant's own file (docs/webhooks.md, PHP)",
  'express.json': 'Express middleware, not a file',
  'verify-pasarela.mjs': "a merchant's file in the webhook examples",
  'verify-pasarela.ts': "a merchant's file in the webhook examples",
  'verify-pasarela.js': "a merchant's file in the webhook examples",
  'pasarela-webhook.controller.ts': "a merchant's file in the webhook examples",
};

/** An entry ending in `/` covers what is under it (`bench/results/<run>.json`). */
function notRepoFile(name: string): boolean {
  return Object.keys(NOT_REPO_FILES).some((entry) => name === entry || (entry.endsWith('/') && name.startsWith(entry)));
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

function relativeLinks(doc: string): { target: string; anchor?: string }[] {
  const text = readFileSync(doc, 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => {
      const [file, anchor] = href.split('#') as [string, string | undefined];
      return { target: file === '' ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), file)), anchor };
    });
}

// A path-like token: `src/x/y.ts`, `test/...`, `docs/screenshots/portal-*.png`, `kernel/database.ts`, `checkpoint.ts`.
const PATH_TOKEN =
  /(?<![\w$/.:@-])((?:[\w.-]+\/)*[\w*.-]+\.(?:ts|js|mjs|md|ya?ml|json|png|sql|csv)|(?:src|test|docs|bench|scripts|bin)\/[\w./*-]*)(?![\w/-])/g;

function namedPaths(doc: string): string[] {
  const text = readFileSync(doc, 'utf8');
  return [...new Set([...text.matchAll(PATH_TOKEN)].map((m) => m[1]!.replace(/[.,]+$/, '')))];
}

function exists(name: string): boolean {
  if (name.includes('*')) {
    const pattern = new RegExp(`(^|/)${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    return files.some((f) => pattern.test(f));
  }
  const bare = name.replace(/\/$/, '');
  if (/^(src|test|docs|bench|scripts|bin)\//.test(name) || !name.includes('/')) {
    if (name.includes('/')) {
      // A repository path, or a Jest pattern naming test files by their start (`test/portal/portal.browser`).
      return files.includes(bare) || dirs.has(bare) || files.some((f) => f.startsWith(`${bare}.`));
    }
    return files.includes(bare) || files.some((f) => path.posix.basename(f) === bare);
  }
  // A path given from inside src/ or a context (`kernel/database.ts`, `merchants/adapters/cache/`).
  return files.some((f) => f.endsWith(`/${bare}`)) || [...dirs].some((d) => d.endsWith(`/${bare}`));
}

describe('the documents point at things that exist', () => {
  it.each(docs)('%s: every relative link reaches its file and heading', (doc) => {
    const broken = relativeLinks(doc).flatMap(({ target, anchor }) => {
      if (!existsSync(target)) return [`${target} (no such file)`];
      if (anchor !== undefined && statSync(target).isFile() && !anchorsOf(target).has(anchor)) {
        return [`${target}#${anchor} (no such heading)`];
      }
      return [];
    });
    expect(broken).toEqual([]);
  });

  it.each(docs)('%s: every file and folder it names is in the repository', (doc) => {
    const missing = namedPaths(doc)
      .map((name) => name.replace(/^\.\//, ''))
      .filter((name) => !notRepoFile(name) && !exists(name));
    expect(missing).toEqual([]);
  });

  it('every `decisions.md, "Section"` (or another doc\'s) that the docs and the code cite is a heading or a bold lead', () => {
    const self = 'test/docs/doc-references.spec.ts';
    const citing = [...docs, ...files.filter((f) => /^(src|test|bench|scripts|bin)\/|^jest\.config\.js$/.test(f) && f !== self)];
    const cited = citing.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b((?:decisions|performance|settlement|webhooks|sandbox)\.md)[^"\n]{0,12}"([^"\n]+)"/g)].map(
        (m) => ({ file, doc: `docs/${m[1]!}`, section: m[2]! }),
      ),
    );
    expect(cited.length).toBeGreaterThan(10);
    const unknown = cited.filter(({ doc, section }) => {
      const text = readFileSync(doc, 'utf8');
      const leads = [...text.matchAll(/^#{1,6}\s+(.+)$/gm), ...text.matchAll(/^\s*- \*\*([^*]+)\*\*/gm)].map((m) => m[1]!);
      return !leads.some((lead) => lead.startsWith(section));
    });
    expect(unknown.map(({ file, doc, section }) => `${file}: ${doc}, "${section}"`)).toEqual([]);
  });
});
