// DATA_DIR of the embedded default: made when missing and written to once, so that an unusable one (not creatable,
// not writable, a file, under /proc) stops the start with one line naming it. Not `mkdirSync(dir, { recursive: true })`:
// under /proc, where mkdir answers ENOENT, Node 20's recursive mkdir takes that for a missing parent, makes the parent
// (it exists) and tries again, forever: the start hung at 100 % CPU. Here each missing directory gets one mkdir.
import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirError extends Error {
  constructor(dir: string, problem: string) {
    super(`DATA_DIR ${dir} cannot be used: ${problem}; give DATA_DIR a directory this user can create and write to`);
    this.name = 'DataDirError';
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'the file system does not allow it',
  ENOSPC: 'no space left on the device',
};

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return `${REASONS[code] ?? 'refused'}${code ? `, ${code}` : ''}`;
}

type Kind = 'directory' | 'missing' | 'other';

function kindOf(dir: string, target: string): Kind {
  try {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (!stat) return 'missing';
    return stat.isDirectory() ? 'directory' : 'other';
  } catch (error) {
    // A file on the way: the walk up finds it and names it.
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return 'missing';
    throw new DataDirError(target, `cannot look at ${dir} (${reasonOf(error)})`);
  }
}

/** Makes `dataDir` (mode 700; its missing parents 755) if needed and checks it takes a file; throws a DataDirError. */
export function prepareDataDir(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const missing: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    const kind = kindOf(current, dir);
    if (kind === 'directory') break;
    if (kind === 'other') throw new DataDirError(dir, current === dir ? 'it is a file, not a directory' : `${current} is a file, not a directory`);
    missing.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const each of missing) {
    try {
      // The parents are traversable: initdb runs as the postgres user it creates (TOOLCHAIN.md, fact 5).
      mkdirSync(each, { mode: each === dir ? 0o700 : 0o755 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && kindOf(each, dir) === 'directory') continue;
      throw new DataDirError(dir, `cannot create ${each} (${reasonOf(error)})`);
    }
  }
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    throw new DataDirError(dir, `cannot write in it (${reasonOf(error)})`);
  }
  return dir;
}
