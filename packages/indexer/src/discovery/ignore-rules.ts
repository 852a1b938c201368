/**
 * git's ignore rules for one walk: `.git/info/exclude`, then every `.gitignore` from the root down to
 * the folder being walked (a deeper file overrides a shallower one; within a file the last matching
 * pattern wins), then the caller's `exclude` patterns, which nothing overrides.
 *
 * Not modelled: `core.excludesFile` (a per-user setting, not part of the repository) and the fact that
 * git stops applying a parent's .gitignore inside a nested repository (submodule).
 */
import { GitignoreRules } from '@arbor/vocabulary';

/** Patterns from the checkout are matched in bounded time (no backtracking regular expressions). */
type Ignore = GitignoreRules;

/** git folds case only on case-insensitive file systems, where it sets core.ignorecase. */
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

interface Layer {
  /** Folder the patterns are relative to: '' for the root, else `a/b/` (forward slashes). */
  base: string;
  rules: Ignore;
}

export class IgnoreRules {
  private constructor(
    private readonly layers: readonly Layer[],
    private readonly exclude: Ignore | undefined,
  ) {}

  /** Root rules: `infoExclude` is the text of `.git/info/exclude` (when used), `exclude` the caller's patterns. */
  static create(infoExclude: string | undefined, exclude: readonly string[] | undefined): IgnoreRules {
    const layers: Layer[] = [];
    if (infoExclude !== undefined) layers.push({ base: '', rules: newRules().add(infoExclude) });
    const patterns = (exclude ?? []).map((pattern) => pattern.replace(/^\.\//, '')).filter((p) => p.trim() !== '');
    return new IgnoreRules(layers, patterns.length ? newRules().add(patterns) : undefined);
  }

  /** The rules inside folder `dir` (relative, `a/b/`), given the text of its `.gitignore`. */
  withGitignore(dir: string, gitignoreText: string): IgnoreRules {
    return new IgnoreRules([...this.layers, { base: dir, rules: newRules().add(gitignoreText) }], this.exclude);
  }

  /** Whether `path` (relative to the root, forward slashes) is left out. Folders must end with `/`. */
  ignores(path: string): boolean {
    if (this.exclude?.ignores(path)) return true;
    let ignored = false;
    for (const layer of this.layers) {
      if (!path.startsWith(layer.base)) continue;
      const verdict = layer.rules.test(path.slice(layer.base.length));
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

function newRules(): Ignore {
  return new GitignoreRules(IGNORE_CASE);
}
