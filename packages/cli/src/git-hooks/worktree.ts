/**
 * `detectWorktree(root)`: is `root` inside a linked `git worktree`, and where does its main
 * repository live? Read from git's own files rather than by running git, so `status` stays fast
 * and works where git is not installed:
 *   - a main worktree has a `.git` folder;
 *   - a linked worktree (and a submodule) has a `.git` file `gitdir: <path>`; only a linked
 *     worktree's git dir holds a `commondir` file, naming the shared repository folder.
 * These files are tiny: anything that is not a small regular file is treated as absent.
 */
import { closeSync, fstatSync, lstatSync, openSync, readSync, constants } from 'node:fs';
import { dirname, isAbsolute, join, resolve, basename } from 'node:path';

export interface WorktreeInfo {
  /** Whether `root` is inside a git working tree at all. */
  isRepository: boolean;
  /** A worktree made by `git worktree add` (not the repository's main one). */
  isLinkedWorktree: boolean;
  /** Top folder of the working tree holding `root`. */
  worktreeRoot: string | null;
  /** This worktree's git dir (`.git`, or `<common>/worktrees/<name>` for a linked one). */
  gitDir: string | null;
  /** The repository's shared git dir (objects, refs, hooks). */
  commonDir: string | null;
  /** The main worktree's top folder, when the repository is not bare. */
  mainWorktree: string | null;
}

const SMALL_FILE = 64 * 1024;

export function detectWorktree(root: string): WorktreeInfo {
  const none: WorktreeInfo = {
    isRepository: false, isLinkedWorktree: false, worktreeRoot: null, gitDir: null, commonDir: null, mainWorktree: null,
  };
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const kind = entryKind(dotGit);
    if (kind === 'dir') {
      return { isRepository: true, isLinkedWorktree: false, worktreeRoot: dir, gitDir: dotGit, commonDir: dotGit, mainWorktree: dir };
    }
    if (kind === 'file') {
      const text = readSmall(dotGit);
      const match = text && /^gitdir:\s*(.+?)\s*$/m.exec(text);
      if (!match) return none;
      const gitDir = resolve(dir, match[1]);
      const common = readSmall(join(gitDir, 'commondir'))?.trim();
      if (!common) {
        // A submodule (or an odd layout): its own repository, not a linked worktree.
        return { isRepository: true, isLinkedWorktree: false, worktreeRoot: dir, gitDir, commonDir: gitDir, mainWorktree: dir };
      }
      const commonDir = isAbsolute(common) ? common : resolve(gitDir, common);
      // A non-bare repository keeps its git dir as `<main worktree>/.git`.
      const mainWorktree = basename(commonDir) === '.git' ? dirname(commonDir) : null;
      return { isRepository: true, isLinkedWorktree: true, worktreeRoot: dir, gitDir, commonDir, mainWorktree };
    }
    if (dirname(dir) === dir) return none;
  }
}

function entryKind(path: string): 'dir' | 'file' | 'none' {
  try {
    const stat = lstatSync(path);
    if (stat.isDirectory()) return 'dir';
    if (stat.isFile()) return 'file';
    return 'none';
  } catch {
    return 'none';
  }
}

/** A small regular file's text; undefined for anything else (FIFOs never block: O_NONBLOCK). */
function readSmall(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > SMALL_FILE) return undefined;
    const buffer = Buffer.alloc(stat.size);
    const read = readSync(fd, buffer, 0, stat.size, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
