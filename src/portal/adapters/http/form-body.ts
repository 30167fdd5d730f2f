// A posted form's fields (Nest's Fastify adapter parses application/x-www-form-urlencoded): strings only; a field
// sent twice, or as anything else, counts as missing. So does text PostgreSQL cannot keep or that is not Unicode (a
// NUL, half a surrogate pair): the form then says what is missing, where the database would have failed (a 500).
export function formField(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && !value.includes('\0') && value.isWellFormed() ? value : undefined;
}

export function formFields<K extends string>(body: unknown, names: readonly K[]): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const name of names) fields[name] = formField(body, name) ?? '';
  return fields;
}
