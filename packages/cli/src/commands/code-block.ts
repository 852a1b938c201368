/** Source text with line numbers, as explore and context show it. */
import type { Style } from '../output/style.js';

export function codeBlock(source: { startLine: number; text: string | null; truncated: boolean; oversized?: boolean }, s: Style): string[] {
  if (source.text === null) return [s.dim('    (source not available)')];
  const lines = source.text.split('\n');
  const width = String(source.startLine + lines.length - 1).length;
  const out = lines.map((line, i) => `  ${s.dim(`${String(source.startLine + i).padStart(width)} │`)} ${line}`);
  if (source.oversized) out.push(s.dim(`  ${' '.repeat(width)} │ … (cut: too many bytes to show)`));
  else if (source.truncated) out.push(s.dim(`  ${' '.repeat(width)} │ …`));
  return out;
}

export function staleNote(state: string, s: Style): string {
  if (state === 'modified') return s.yellow('  ⚠ file changed since indexing: these lines may not be this declaration any more');
  if (state === 'removed') return s.red('  ⚠ file removed since indexing');
  if (state === 'unreadable') return s.red('  ⚠ file not shown: not a regular file arbor reads (FIFO, device, folder, too large or no permission)');
  if (state === 'outside-root') return s.red('  ⚠ file not shown: its path or a symlink on the way leads outside the project');
  return '';
}
