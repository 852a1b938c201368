/** `arbor hooks install|uninstall|status`: git hooks that re-index after checkout, merge, commit and rewrite. */
import { resolve } from 'node:path';
import { defineCommand, flag, text } from '../command-line/command-spec.js';
import { gitHooksStatus, installGitHooks, uninstallGitHooks, type HooksReport } from './hooks.js';
import { detectWorktree, type WorktreeInfo } from './worktree.js';
import { guardTerminalText } from '../output/terminal-text.js';

const ACTIONS = ['install', 'uninstall', 'status'];

export const hooksCommand = defineCommand({
  name: 'hooks',
  describe: 'Install, remove or show git hooks that re-index after checkout, merge, commit and rebase',
  positionals: [{ name: 'action', required: true, describe: `What to do: ${ACTIONS.join(', ')}` }],
  options: {
    path: text('Project root (inside a git repository)', { default: '.', short: 'p' }),
    command: text('install: the command the hooks run (default: arbor index in the background; in another worktree only where a graph exists)'),
    json: flag('Print the result as JSON'),
  },
  check: (args) => (ACTIONS.includes(args.action) ? undefined : `<action> is one of ${ACTIONS.join(', ')}, not ${JSON.stringify(args.action)}`),
  run: (argv) => {
    const root = resolve(argv.path);
    let report: HooksReport;
    try {
      if (argv.action === 'install') report = installGitHooks(root, argv.command);
      else if (argv.action === 'uninstall') report = uninstallGitHooks(root);
      else report = gitHooksStatus(root);
    } catch (error) {
      process.stderr.write(`arbor hooks: ${guardTerminalText(error instanceof Error ? error.message : String(error))}\n`);
      process.exit(1);
    }
    const worktree = detectWorktree(root);
    if (argv.json) {
      process.stdout.write(`${JSON.stringify({ ...report, worktree }, null, 2)}\n`);
      return;
    }
    // The hooks folder comes from the repository's config (core.hooksPath): no raw controls.
    process.stdout.write(guardTerminalText(renderHooks(report, worktree)));
  },
});

function renderHooks(report: HooksReport, worktree: WorktreeInfo): string {
  const lines = [`hooks folder: ${report.hooksDir}`];
  if (report.hooksDirOutsideRepository) {
    lines.push('  outside this repository (core.hooksPath): hooks there run for every repository that uses this folder');
  }
  for (const hook of report.hooks) {
    const state = {
      installed: 'arbor',
      chained: 'arbor, running the previous hook first',
      foreign: 'another tool\'s hook (not arbor\'s)',
      absent: 'none',
    }[hook.state];
    lines.push(`  ${hook.name.padEnd(14)} ${state}${hook.note ? ` (${hook.note})` : ''}`);
  }
  if (worktree.isLinkedWorktree) {
    lines.push(`worktree: linked worktree of ${worktree.mainWorktree ?? worktree.commonDir} (hooks are shared by every worktree)`);
  } else if (worktree.isRepository) {
    lines.push(`worktree: main worktree ${worktree.worktreeRoot}`);
  }
  return `${lines.join('\n')}\n`;
}
