/**
 * Wall and CPU time per phase of a run, for the report and tools/bench. CPU is the process's
 * (worker threads included), so on a loaded machine it still says where the work went.
 */
export interface PhaseTime {
  wallMs: number;
  cpuMs: number;
}

export function phaseClock(): { lap(phase: string): void; times: Record<string, PhaseTime> } {
  const times: Record<string, PhaseTime> = {};
  let wall = performance.now();
  let cpu = process.cpuUsage();
  return {
    times,
    /** Ends `phase` now (the time since the previous lap, or since the clock started). */
    lap(phase) {
      const nowWall = performance.now();
      const used = process.cpuUsage(cpu);
      times[phase] = { wallMs: Math.round(nowWall - wall), cpuMs: Math.round((used.user + used.system) / 1000) };
      wall = nowWall;
      cpu = process.cpuUsage();
    },
  };
}
