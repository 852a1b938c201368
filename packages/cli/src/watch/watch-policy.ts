/**
 * Whether to watch a root at all. File events are unreliable where a WSL2 kernel watches a
 * Windows drive mounted under /mnt/<drive>/ (changes made from Windows raise no inotify event),
 * so watching is off there unless forced; a stale graph that says it is watched would be worse
 * than one that says it is not. `status` checks the disk either way.
 */
import { resolve } from 'node:path';
import { lazyBuiltin } from '@arbor/vocabulary';

// node:os is not in Node's start-up snapshot: loaded only when a watcher is set up, not by every query process.
const os = lazyBuiltin<typeof import('node:os')>('node:os');

export interface WatchDecision {
  watch: boolean;
  reason: string;
}

export interface WatchPolicyInput {
  /** The caller's own switch (`--no-watch` makes it false). */
  enabled: boolean;
  env?: Record<string, string | undefined>;
  /** `os.release()`; a WSL2 kernel says `microsoft` in it. */
  kernelRelease?: string;
}

export function watchDecision(root: string, input: WatchPolicyInput): WatchDecision {
  const env = input.env ?? process.env;
  if (isSet(env.ARBOR_NO_WATCH)) return { watch: false, reason: 'ARBOR_NO_WATCH is set' };
  if (!input.enabled) return { watch: false, reason: 'turned off by --no-watch' };
  if (isSet(env.ARBOR_FORCE_WATCH)) return { watch: true, reason: 'forced by ARBOR_FORCE_WATCH' };
  if (isWslWindowsMount(resolve(root), input.kernelRelease ?? os().release())) {
    return {
      watch: false,
      reason: 'a WSL2 kernel watching a Windows drive (/mnt/<drive>/) misses changes made from Windows; set ARBOR_FORCE_WATCH=1 to watch anyway',
    };
  }
  return { watch: true, reason: 'watching file events' };
}

export function isWslWindowsMount(root: string, kernelRelease: string): boolean {
  return /microsoft/i.test(kernelRelease) && /^\/mnt\/[a-zA-Z](\/|$)/.test(root);
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
