// Host names that never lead to a public host: neither a merchant's site nor a webhook endpoint may be under one.

/** RFC 6761 (.localhost), RFC 6762 (.local), ICANN's .internal, RFC 8375 (.home.arpa), and the common .localdomain. */
export const LOCAL_SUFFIXES: readonly string[] = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/** The local suffix `host` (lower case, no trailing dot) ends in, or undefined for a name that may be public. */
export function localSuffixOf(host: string): string | undefined {
  return LOCAL_SUFFIXES.find((suffix) => host.endsWith(suffix));
}
