/** One line saying which configuration built a graph (`status`, and the MCP `status` operation). */
import type { GraphConfiguration } from '@arbor/query';

const ON_DISK = {
  same: '',
  changed: 'arbor.config.json has changed since: re-index to apply it',
  added: 'an arbor.config.json has appeared since: re-index to apply it',
  removed: 'the arbor.config.json it used is gone: re-index to drop it',
  unreadable: 'arbor.config.json cannot be read now',
} as const;

/** The configuration line's text, and a warning when the file on disk no longer matches. */
export function configurationText(c: GraphConfiguration | null): { text: string; warning: string } {
  if (c === null) return { text: 'not recorded (indexed by another tool or an older arbor)', warning: '' };
  const source = c.file ? `${c.file} (sha256 ${c.sha256?.slice(0, 12) ?? '?'})` : 'no arbor.config.json';
  const settings = Object.entries(c.settings)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('; ');
  const flags = c.fromFlags.length > 0 ? `; from flags: ${c.fromFlags.join(', ')}` : '';
  return { text: `${source}${settings ? `: ${settings}` : ', defaults'}${flags}`, warning: ON_DISK[c.onDisk] };
}
