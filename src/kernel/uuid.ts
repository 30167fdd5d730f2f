// Ids are uuids; a malformed one is treated as unknown (a 404), never passed to PostgreSQL (which would throw).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(candidate: string): boolean {
  return UUID.test(candidate);
}
