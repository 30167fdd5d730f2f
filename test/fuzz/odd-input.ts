// What the fuzz test sends in place of each field, parameter, path segment and header, and a seeded generator so a
// failing run is reproducible (`FUZZ_SEED=<n>` repeats it; `FUZZ_ALL=1` sends every value instead of a sample).

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The labelled items named in `always` (the kinds that broke before: every run tries them on every field), and
 * `count` more picked by the seed; all of them with FUZZ_ALL.
 */
export function sample<T extends readonly [string, unknown]>(random: () => number, items: readonly T[], count: number, always: readonly string[] = []): T[] {
  if (process.env.FUZZ_ALL === '1' || count + always.length >= items.length) return [...items];
  const picked = items.filter(([label]) => always.includes(label));
  const pool = items.filter(([label]) => !always.includes(label));
  for (let i = 0; i < count; i++) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return picked;
}

/** Tried on every string field, query parameter and form field. */
export const ALWAYS_STRINGS = ['NUL', 'lone surrogate', 'constructor'];
/** Tried on every JSON field. */
export const ALWAYS_JSON = ['"NUL"', '"constructor"', '"lone surrogate"', '"1e309"', '1e309 (Infinity)', '"huge integer"'];

const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Odd strings: each also goes into query strings, form fields and (percent-encoded) paths. `otherId` is an id of
 * another merchant's thing, filled in by the test.
 */
export function oddStrings(otherId: string): Array<[label: string, value: string]> {
  return [
    ['empty', ''],
    ['blank', '   '],
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'x\ud800y'],
    ['reversed surrogates', '\udfff\ud800'],
    ['RTL and zero-width', '\u202eabc\u200b\u200f\ufeff'],
    ['SQL', "' OR 1=1; DROP TABLE charges; --"],
    ['HTML', '<script>alert(1)</script>&amp;"\''],
    ['1e309', '1e309'],
    ['-0', '-0'],
    ['NaN', 'NaN'],
    ['Infinity', '-Infinity'],
    ['huge integer', '99999999999999999999999999'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['toString', 'toString'],
    ['hasOwnProperty', 'hasOwnProperty'],
    ['percent NUL', '%00'],
    ['dot-dot', '../../etc/passwd'],
    ['emoji', '😀👩🏽‍💻'],
    ['control chars', '\u0001\u001b[31m\r\n'],
    ['another merchant id', otherId],
    ['nil uuid', '00000000-0000-0000-0000-000000000000'],
    ['upper uuid', otherId.toUpperCase()],
    ['bad day', '2026-02-30'],
    ['far future', '9999-12-31T23:59:59Z'],
    ['year zero', '0000-01-01'],
    ['negative year', '-000001-01-01'],
    ['10 kB', 'x'.repeat(10_000)],
    ['90 kB', 'é'.repeat(45_000)],
  ];
}

/** Odd JSON values, as the text spliced into a body (so -0, 1e309 and `__proto__` keys arrive as written). */
export function oddJson(otherId: string): Array<[label: string, raw: string]> {
  return [
    ['null', 'null'],
    ['zero', '0'],
    ['-0', '-0'],
    ['negative', '-1'],
    ['fraction', '1.5'],
    ['1e308', '1e308'],
    ['1e309 (Infinity)', '1e309'],
    ['2^53+1', '9007199254740993'],
    ['-1e21', '-1e21'],
    ['true', 'true'],
    ['false', 'false'],
    ['empty array', '[]'],
    ['array', '["a",1,null]'],
    ['empty object', '{}'],
    ['object', '{"a":1}'],
    ['50 deep', nested(50)],
    ['3000 deep arrays', `${'['.repeat(3000)}${']'.repeat(3000)}`],
    ['__proto__ object', '{"__proto__":{"polluted":"yes"}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":"yes"}}}'],
    ['100 kB string', JSON.stringify('x'.repeat(100_001))],
    ...oddStrings(otherId).map(([label, value]): [string, string] => [`"${label}"`, JSON.stringify(value)]),
  ];
}

/** Path segments, already as they go on the wire. */
export function oddSegments(otherId: string): Array<[label: string, segment: string]> {
  return [
    ['encoded slash', 'a%2Fb'],
    ['encoded dot-dot', '%2e%2e'],
    ['encoded NUL', '%00'],
    ['overlong UTF-8', '%C0%AF'],
    ['encoded lone surrogate', '%ED%A0%80'],
    ['RTL', '%E2%80%AE'],
    ['very long', 'a'.repeat(5000)],
    ['long uuid-ish', `${otherId}${'0'.repeat(200)}`],
    ['non-uuid', 'no-es-un-id'],
    ['nil uuid', '00000000-0000-0000-0000-000000000000'],
    ['upper uuid', otherId.toUpperCase()],
    ['another merchant id', otherId],
    ['constructor', 'constructor'],
    ['__proto__', '__proto__'],
    ['SQL', "'%20OR%201=1--"],
    ['HTML', '%3Cscript%3E'],
    ['percent alone', '%'],
    ['bad percent', '%zz'],
  ];
}

export const CONTENT_TYPES = [
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'APPLICATION/JSON',
  'application/json;',
  'application/jsonx',
  'application/merge-patch+json',
  'application/json, text/plain',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '*/*',
  ';;;',
];

/** Bodies that are not a JSON object: empty, other JSON, truncated, not UTF-8. */
export const ODD_BODIES: Array<[label: string, body: string | Uint8Array]> = [
  ['empty', ''],
  ['null', 'null'],
  ['array', '[]'],
  ['string', '"x"'],
  ['number', '1'],
  ['truncated', '{"a":'],
  ['lone brace', '{'],
  ['two objects', '{"a":1}{"b":2}'],
  ['BOM', '\ufeff{}'],
  ['form', 'a=1&b=2'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xff, 0x22, 0x7d])],
  ['UTF-16', new Uint8Array(Buffer.from('{"a":"b"}', 'utf16le'))],
  ['NUL bytes', '\u0000\u0000'],
  ['JSON with NUL escape', '{"\\u0000":"\\u0000"}'],
];

/** Authorization headers that are not a key we issued (fetch sends bytes up to 0xFF). */
export const ODD_AUTHORIZATIONS: Array<[label: string, value: string]> = [
  ['Bearer alone', 'Bearer'],
  ['Bearer and space', 'Bearer '],
  ['Basic', 'Basic Zm9vOmJhcg=='],
  ['latin-1 bytes', 'Bearer svcpk_\u00ff\u00fe\u0080'],
  ['10 kB key', `Bearer svcpk_${'a'.repeat(10_000)}`],
  ['two spaces', 'Bearer  svcpk_x'],
  ['prefix only', 'Bearer svcpk_'],
  ['tab', 'Bearer\tsvcpk_x'],
];
