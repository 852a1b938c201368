/**
 * The `.gitignore` arbor keeps in the folders it owns under `<root>/.codegraph/` (the graph's and the
 * extraction cache's), written atomically and never through a link: the folder comes from an
 * untrusted checkout (storage/database-location.ts says why).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GitignoreRules, readTextInsideRoot } from '@arbor/vocabulary';

export const GITIGNORE_TEXT = '# Local index data: never committed.\n*\n!.gitignore\n';
/** Far above any `.gitignore` a tool writes; a larger one is rewritten rather than read. */
const GITIGNORE_CAP = 64 * 1024;
const CREATE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);

/** `lstat`, or undefined when nothing is there. */
export function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Makes sure `.gitignore` exists and ignores the database. An empty one (a run that died on a
 * full disk), one that does not ignore `codegraph.db`, a symlink or anything else is replaced,
 * atomically; one that ignores the database is left as its owner wrote it.
 */
export function ensureGitignore(dir: string): void {
  const file = path.join(dir, '.gitignore');
  const stat = lstatOrUndefined(file);
  if (stat?.isFile()) {
    const read = readTextInsideRoot(dir, '.gitignore', { maxBytes: GITIGNORE_CAP, followSymlinks: false });
    if (read.ok && ignoresDatabase(read.text)) return;
  } else if (stat?.isDirectory()) {
    // A folder cannot be replaced by rename; leave it (git then ignores nothing here, but nothing is lost).
    return;
  }
  writeFileAtomically(file, GITIGNORE_TEXT);
}

function ignoresDatabase(text: string): boolean {
  try {
    return new GitignoreRules().add(text).ignores('codegraph.db');
  } catch {
    return false;
  }
}

/**
 * Writes `text` to a new file beside `file` (never an existing one, never through a link) and
 * renames it over `file`: a reader sees the old content or the new, never an empty file.
 */
export function writeFileAtomically(file: string, text: string): void {
  const temp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, CREATE_FLAGS, 0o644);
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, file);
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
