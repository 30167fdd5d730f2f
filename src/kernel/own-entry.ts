// A table looked up by a client's word (a query parameter, a notice's field): only the table's own entries, never
// what every object inherits (`constructor`, `__proto__`, `toString`), which a page would show as a built-in
// ("function Object() { [native code] }") and a check would take for a value.
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: unknown): V | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
