// Runs one command and measures it: wall time, CPU time (user+sys of the whole process tree) and peak memory.
// One job: measurement. Which commands to run is the callers' business.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let gnuTime;
/** GNU time (`/usr/bin/time -v`) reports user/sys and max RSS of a child including its waited-for children. */
export function hasGnuTime() {
  if (process.env.ARBOR_BENCH_NO_GNU_TIME) return false; // exercise the fallback
  if (gnuTime === undefined) {
    try { execFileSync('/usr/bin/time', ['-v', 'true'], { stdio: 'pipe' }); gnuTime = true; } catch { gnuTime = false; }
  }
  return gnuTime;
}

const PAGE_SIZE = (() => {
  try { return Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim()) || 4096; } catch { return 4096; }
})();

/**
 * Sums the resident memory of a process and all its descendants every `intervalMs` (Linux /proc only;
 * a child that lives less than half a second may be missed).
 * GNU time's max RSS is the largest single process; a tool that forks helpers uses more than that.
 */
function startTreeRssSampler(rootPid, intervalMs = 100) {
  let peakKb = 0;
  let tick = 0;
  let tree = new Set([rootPid]);
  const supported = fs.existsSync('/proc/self/statm');
  // Finding the tree means reading every /proc/<pid>/stat: do it every 5th tick, read sizes every tick.
  const rescan = () => {
    const parentOf = new Map();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch { /* exited meanwhile */ }
    }
    tree = new Set([rootPid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, ppid] of parentOf) if (!tree.has(pid) && tree.has(ppid)) { tree.add(pid); grew = true; }
    }
  };
  const sampleOnce = () => {
    if (tick++ % 5 === 0) rescan();
    let kb = 0;
    for (const pid of tree) {
      try { kb += (Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE) / 1024; } catch { /* gone */ }
    }
    peakKb = Math.max(peakKb, kb);
  };
  const timer = supported ? setInterval(sampleOnce, intervalMs) : null;
  return { stop: () => { if (timer) clearInterval(timer); return supported ? Math.round(peakKb) : null; } };
}

function parseGnuTime(text) {
  const num = (re) => { const m = text.match(re); return m ? Number(m[1]) : null; };
  return {
    userSeconds: num(/User time \(seconds\): ([\d.]+)/),
    systemSeconds: num(/System time \(seconds\): ([\d.]+)/),
    maxRssKb: num(/Maximum resident set size \(kbytes\): (\d+)/),
  };
}

/** bash's `times` prints the children's user/sys CPU on its second line, e.g. `0m1.234s 0m0.567s`. */
function parseBashTimes(text) {
  const lines = text.trim().split('\n');
  const toSeconds = (s) => { const m = s.match(/(\d+)m([\d.]+)s/); return m ? Number(m[1]) * 60 + Number(m[2]) : null; };
  const [user, sys] = (lines.at(-1) ?? '').trim().split(/\s+/);
  return { userSeconds: toSeconds(user ?? ''), systemSeconds: toSeconds(sys ?? ''), maxRssKb: null };
}

/**
 * @returns {Promise<{ exitCode:number|null, timedOut:boolean, wallSeconds:number, userSeconds:number|null, systemSeconds:number|null,
 *   cpuSeconds:number|null, maxRssKb:number|null, peakTreeRssKb:number|null, stdout:string, stderr:string, via:string }>}
 */
export async function measure(command, args, { cwd, env, timeoutSeconds } = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-measure-'));
  const timeFile = path.join(scratch, 'time.txt');
  let spawnCommand; let spawnArgs; let via;
  if (hasGnuTime()) {
    spawnCommand = '/usr/bin/time'; spawnArgs = ['-v', '-o', timeFile, command, ...args]; via = '/usr/bin/time -v';
  } else {
    // Fallback: bash reports its children's CPU with `times`; memory comes from the /proc sampler only.
    spawnCommand = 'bash'; spawnArgs = ['-c', `"$@"; status=$?; times > "${timeFile}"; exit $status`, 'measure', command, ...args];
    via = 'bash times';
  }
  const started = process.hrtime.bigint();
  // Its own process group, so a timeout or Ctrl-C can stop the whole tree (and nothing else).
  const child = spawn(spawnCommand, spawnArgs, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const killTree = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ } };
  const onSignal = () => { killTree(); process.exit(130); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let timedOut = false;
  const timer = timeoutSeconds ? setTimeout(() => { timedOut = true; killTree(); }, timeoutSeconds * 1000) : null;
  const sampler = startTreeRssSampler(child.pid);
  const out = []; const err = [];
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => err.push(d));
  const exitCode = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (timer) clearTimeout(timer);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  const peakTreeRssKb = sampler.stop();
  const timeText = fs.existsSync(timeFile) ? fs.readFileSync(timeFile, 'utf8') : '';
  fs.rmSync(scratch, { recursive: true, force: true });
  const usage = via === 'bash times' ? parseBashTimes(timeText) : parseGnuTime(timeText);
  const cpuSeconds = usage.userSeconds == null ? null : usage.userSeconds + (usage.systemSeconds ?? 0);
  return {
    exitCode, timedOut, wallSeconds, ...usage, cpuSeconds, peakTreeRssKb,
    stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), via,
  };
}

export function median(values) {
  const xs = values.filter((v) => v != null).sort((a, b) => a - b);
  if (!xs.length) return null;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}
