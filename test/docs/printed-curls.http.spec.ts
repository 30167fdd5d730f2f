// The curls of README.md, docs/webhooks.md and docs/sandbox.md, pasted as a new user pastes them: the blocks of a page's sections run
// in one bash, in order, against a real gateway. Changed only where the page tells the reader to: the `NAME=...`
// values it says to take from the start banner, `<id>` (the charge the walk-through created), the placeholder base
// `https://<pasarela>/v1` and the default addresses (3000, 3001), which are this gateway's. So a curl that needs a
// variable the page never has the reader set, or a call whose status or printed field names changed, fails here.
// The CLI lines are cli.spec.ts's.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ensureDebianPackage } from '../support/debian-package.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

/** The ```sh blocks of the sections of `file` headed `headings` (## level), in the page's order. */
function shBlocks(file: string, headings: string[]): string[] {
  const page = readFileSync(file, 'utf8');
  return headings.flatMap((heading) => {
    const start = page.indexOf(`\n## ${heading}\n`);
    if (start < 0) throw new Error(`${file} has no section "${heading}"`);
    const end = page.indexOf('\n## ', start + 1);
    return [...page.slice(start + 1, end < 0 ? undefined : end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  });
}

/** A curl command with its continuation lines, and the `# -> ...` line printed under it. */
interface Step {
  command: string;
  shown?: string;
}

function parse(blocks: string[]): { assignments: string[]; steps: Step[] } {
  const lines = blocks.join('\n').split('\n');
  const steps: Step[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]!.startsWith('curl ')) continue;
    let command = lines[i]!;
    while (/\\$/.test(command.replace(/\s+#.*$/, ''))) command += `\n${lines[(i += 1)]}`;
    steps.push({ command, shown: /^# -> (.*)$/.exec(lines[i + 1] ?? '')?.[1] });
  }
  return { assignments: lines.filter((line) => /^[A-Z_]+=\S/.test(line)), steps };
}

/** Every "key": a printed `# -> {...}` names, at any depth. */
const namedKeys = (shown: string): string[] => [...shown.matchAll(/"([A-Za-z]+)":/g)].map((m) => m[1]!);

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

function bash(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('/bin/bash', ['-c', script], { timeout: 50_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`bash failed: ${stderr}\n${stdout}`)) : resolve(stdout),
    );
  });
}

interface Answer {
  path: string;
  status: number;
  body: any;
}

/** The status a step's page promises: printed (`# -> 201 ...`, `# 202; ...`), else any 2xx. */
function promised(step: Step, { path, status, body }: Answer): unknown {
  const printed = /^(\d{3})\b/.exec(step.shown ?? '')?.[1] ?? /#\s*(\d{3})\b/.exec(step.command.split('\n').pop() ?? '')?.[1];
  if (printed) return Number(printed);
  // Read before the charge is approved, its settlement is the 409 the README's walk-through names.
  if (/\/liquidacion$/.test(path) && body?.code === 'settlement_not_available') return 409;
  return status >= 200 && status < 300 ? status : 'a 2xx';
}

/**
 * Runs the pasted steps in one bash with the banner's values, and compares every answer with what the page promises:
 * its status, and the field names its `# -> {...}` shows.
 */
async function pasted(
  gw: TestGateway,
  file: string,
  headings: string[],
  banner: Record<string, string>,
  /** Set before the page's own lines: what the reader's shell has from the README's walk-through. */
  fromReadme: Record<string, string> = {},
): Promise<Answer[]> {
  const { assignments, steps } = parse(shBlocks(file, headings));
  expect(steps.length).toBeGreaterThan(0);
  const filled = assignments.map((line) =>
    line
      .replace(/https:\/\/<pasarela>/g, 'http://localhost:3000')
      .replace(/\b([A-Z_]+)=(?:svcpk_)?\.\.\.(?=;|\s|$)/g, (_all, name: string) => {
        if (!(name in banner)) throw new Error(`${file} has the reader take ${name} from somewhere this test does not know`);
        return `${name}='${banner[name]}'`;
      }),
  );
  // Each answer after a marker line, its status and address on its last line. <id> is the first charge an answer
  // names with its checkoutUrl, as the reader copies it from the create's answer.
  const script = [
    'set -u',
    `curl() { local out; out=$(/usr/bin/curl -w '\\n%{http_code} %{url_effective}' "$@"); printf '@@STEP\\n%s\\n' "$out";`,
    `  if [ -z "$PAGO" ]; then PAGO=$(printf '%s' "$out" | sed -n 's/^{"id":"\\([0-9a-f-]*\\)".*"checkoutUrl".*/\\1/p' | head -1); fi; }`,
    'PAGO=',
    ...Object.entries(fromReadme).map(([name, value]) => `${name}='${value}'`),
    ...filled,
    ...steps.map((step) => step.command.replace(/<id>/g, '$PAGO')),
  ]
    .join('\n')
    .replace(/http:\/\/localhost:3000/g, gw.publicUrl)
    .replace(/http:\/\/127\.0\.0\.1:3001/g, gw.adminUrl);
  const answers: Answer[] = (await bash(script)).split('@@STEP\n').slice(1).map((chunk) => {
    const lines = chunk.trimEnd().split('\n');
    const [status = '', url = ''] = (lines.pop() ?? '').split(' ');
    const text = lines.join('\n');
    return { status: Number(status), path: url.replace(/^https?:\/\/[^/]+/, ''), body: /^[[{]/.test(text) ? JSON.parse(text) : text };
  });
  expect(answers).toHaveLength(steps.length);

  const missingKeys = (step: Step, body: unknown): string[] => {
    const shown = step.shown?.replace(/^\d{3}\s*/, '');
    const has = keysOf(body);
    return shown?.startsWith('{') ? namedKeys(shown).filter((key) => !has.has(key)) : [];
  };
  expect(answers.map((a, i) => ({ ...a, missingKeys: missingKeys(steps[i]!, a.body) }))).toEqual(
    answers.map((a, i) => ({ ...a, status: promised(steps[i]!, a), missingKeys: [] })),
  );
  return answers;
}

describe('the curls printed in the docs, pasted as printed', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    ensureDebianPackage('curl', '/usr/bin/curl', 'curl');
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it("README: the walk-through, the sandbox's and the portal's, with only the values it says to take from the banner", async () => {
    const merchant = await onboardMerchant(gw);
    const banner = { KEY: merchant.apiKey, MERCHANT: merchant.merchantId, OPERATOR_TOKEN: gw.operatorToken };
    const answers = await pasted(gw, 'README.md', ['A walk through the merchant API', 'Paying in the sandbox', 'The merchant portal'], banner);
    expect(answers.length).toBeGreaterThanOrEqual(10);
    // The operator's decision of the walk-through's charge was among them (the sandbox block's first curl).
    expect(answers.map((a) => a.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/internal\/sandbox\/pagos\/[0-9a-f-]{36}\/resultado$/)]));
  });

  it('docs/webhooks.md: registering, reading, moving and switching off the endpoint, and rolling its secret', async () => {
    const merchant = await onboardMerchant(gw);
    const answers = await pasted(gw, 'docs/webhooks.md', ['Register your endpoint', 'Change the signing secret'], { KEY: merchant.apiKey });
    expect(answers.map((a) => `${a.status} ${a.path}`)).toEqual([
      '201 /v1/webhook-endpoint',
      '200 /v1/webhook-endpoint',
      '200 /v1/webhook-endpoint',
      '200 /v1/webhook-endpoint',
      '201 /v1/webhook-endpoint/secreto',
    ]);
  });

  it("docs/sandbox.md: making the sandbox silent once, with the README's OPERATOR_TOKEN", async () => {
    const answers = await pasted(gw, 'docs/sandbox.md', ['Scripted outcomes (operator API)'], {}, { OPERATOR_TOKEN: gw.operatorToken });
    expect(answers.map((a) => [a.status, a.path, a.body])).toEqual([[200, '/internal/sandbox/comportamiento', { demoraMs: 0, silencio: true, veces: 1 }]]);
    // Back to normal, as the page says `{}` does, for whatever runs on this gateway next.
    const normal = await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: {} });
    expect(normal.body).toEqual({ demoraMs: 0, silencio: false, veces: null });
  });
});
