// The README's "Configuration" table against the configuration itself (src/kernel/config.ts): every variable the
// configuration reads has a row and every row names a variable it reads, and a default written as a value is the
// default, so a new variable or a changed default cannot leave the table behind.
import { readFileSync } from 'node:fs';
import { loadConfig, type Config } from '../../src/kernel/config.js';

interface Row {
  names: string[];
  defaultCell: string;
}

function configurationTable(): Row[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, names = '', defaultCell = ''] = line.split('|').map((cell) => cell.trim());
      return { names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''), defaultCell };
    });
}

/** Every variable loadConfig reads, learnt by handing it an environment that records what is asked of it. */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, name) => {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return read;
}

// Fixed so that two loads compare equal (both are generated at random when unset).
const BASE = { PROVIDER_SECRET: 'a-provider-secret-of-24-characters', WEBHOOK_SECRET_KEY: 'ab'.repeat(32) };
const comparable = (config: Config) => ({ ...config, webhookSecretKey: config.webhookSecretKey.toString('hex') });

describe("README's configuration table", () => {
  it('lists every variable the configuration reads, and no other', () => {
    const listed = configurationTable().flatMap((row) => row.names);
    expect([...listed].sort()).toEqual([...variablesRead()].sort());
  });

  it('gives each default written as a value as the configuration has it', () => {
    const checked: string[] = [];
    for (const { names, defaultCell } of configurationTable()) {
      // "259200 (72 h)", "`./data`", "127.0.0.1"; not "generated, ...", "(embedded)", "`http://localhost:$PORT`".
      const value = /^`?([\w.,/:-]+)`?(?: \([^)]*\))?$/.exec(defaultCell)?.[1];
      if (names.length !== 1 || value === undefined || ['none', 'unset'].includes(value)) continue;
      const name = names[0] ?? '';
      expect([name, comparable(loadConfig({ ...BASE, [name]: value }))]).toEqual([name, comparable(loadConfig(BASE))]);
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });
});
