export default async function globalTeardown(): Promise<void> {
  const db = (globalThis as { __pasarelaPg?: { stop(): Promise<void> } }).__pasarelaPg;
  await db?.stop();
}
