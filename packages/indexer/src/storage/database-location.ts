/**
 * The folder the graph is written to (`<root>/.codegraph/`) comes from an untrusted checkout:
 * a committed `.codegraph -> ../x` symlink, a dangling `.gitignore` symlink or a database
 * symlinked to another SQLite file would make the writer create or change files anywhere.
 * So the folder, its `.gitignore` and the database are looked at with `lstat` (never through a
 * link), a symlink there stops the write, and the writer's own files are created with
 * O_CREAT|O_EXCL|O_NOFOLLOW and moved into place by rename (which replaces a link, never its
 * target).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureGitignore, lstatOrUndefined } from '../support/local-gitignore.js';
import { GraphWriteError } from './graph-write-error.js';

function unsafe(target: string, message: string): GraphWriteError {
  return new GraphWriteError('UNSAFE_PATH', message, target);
}

/**
 * Creates the database folder when missing and checks that it, and whatever is at the
 * database path, can be written without following a symlink.
 */
export function prepareDatabaseLocation(dir: string, target: string, writeGitignore: boolean): void {
  let folder: fs.Stats | undefined;
  try {
    folder = lstatOrUndefined(dir);
    if (folder === undefined) {
      fs.mkdirSync(dir, { recursive: true });
      folder = fs.lstatSync(dir);
    }
  } catch (cause) {
    throw new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot write to ${dir}: ${messageOf(cause)}`, target, { cause });
  }
  if (folder.isSymbolicLink()) {
    throw unsafe(target, `${dir} is a symlink; arbor does not write its graph through a link (remove it, or index a copy)`);
  }
  if (!folder.isDirectory()) {
    throw new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot write to ${dir}: not a folder`, target);
  }
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (cause) {
    throw new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot write to ${dir}: ${messageOf(cause)}`, target, { cause });
  }
  checkDatabasePath(target);
  if (writeGitignore) {
    try {
      ensureGitignore(dir);
    } catch (cause) {
      throw new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot write ${path.join(dir, '.gitignore')}: ${messageOf(cause)}`, target, { cause });
    }
  }
}

/** Before anything is created: the folder, when it exists, must be a real folder, not a link. */
export function prepareDatabaseLocationCheck(dir: string, target: string): void {
  const folder = lstatOrUndefined(dir);
  if (folder?.isSymbolicLink()) {
    throw unsafe(target, `${dir} is a symlink; arbor does not write its graph through a link (remove it, or index a copy)`);
  }
}

/** What is at the database path must be a regular file or nothing. */
export function checkDatabasePath(target: string): void {
  let stat: fs.Stats | undefined;
  try {
    stat = lstatOrUndefined(target);
  } catch (cause) {
    throw new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot look at ${target}: ${messageOf(cause)}`, target, { cause });
  }
  if (stat === undefined || stat.isFile()) return;
  if (stat.isSymbolicLink()) {
    throw unsafe(target, `${target} is a symlink; arbor never opens a linked database for writing (remove the link)`);
  }
  if (stat.isDirectory()) throw unsafe(target, `${target} is a folder, not a graph database (remove it)`);
  throw unsafe(target, `${target} is not a regular file (remove it)`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
