/**
 * Terminal colour, only on a TTY and never when NO_COLOR is set (https://no-color.org);
 * FORCE_COLOR turns it on regardless (useful for pagers), TERM=dumb off.
 */
import type { CliIo } from './io.js';

export interface Style {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
}

export function colourEnabled(io: Pick<CliIo, 'isTTY' | 'env'>): boolean {
  const { env } = io;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  if (env.TERM === 'dumb') return false;
  return io.isTTY;
}

export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) => (enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    green: wrap(32, 39),
    cyan: wrap(36, 39),
    magenta: wrap(35, 39),
  };
}

const ANSI = /\u001b\[[0-9;]*m/g;

export function visibleLength(text: string): number {
  return text.replace(ANSI, '').length;
}

/** Rows of cells as aligned columns (the last column is not padded). */
export function columns(rows: string[][], indent = '  ', gap = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      if (i < row.length - 1) widths[i] = Math.max(widths[i] ?? 0, visibleLength(cell));
    });
  }
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) => (i < row.length - 1 ? cell + ' '.repeat((widths[i] ?? 0) - visibleLength(cell)) : cell))
        .join(gap)
        .trimEnd(),
  );
}
