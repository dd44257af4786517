import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const SAMPLE_INTERVAL_MS = 5_000;

/**
 * The machine while the players play: the load average (sampled every 5 s), how busy both
 * cores were, and the CPU the server process and this load generator used.
 */
export class LoadSampler {
  private readonly started = performance.now();
  private readonly machineAtStart = machineCpuTicks();
  private readonly serversAtStart: number;
  private readonly generatorAtStart = process.cpuUsage();
  private readonly loads: number[] = [loadavg()[0] ?? 0];
  private readonly timer = setInterval(() => this.loads.push(loadavg()[0] ?? 0), SAMPLE_INTERVAL_MS);

  constructor(private readonly serverPids: readonly number[]) {
    this.serversAtStart = this.serversCpuTicks();
  }

  private serversCpuTicks(): number {
    return this.serverPids.reduce((sum, pid) => sum + processCpuTicks(pid), 0);
  }

  stop(): string {
    clearInterval(this.timer);
    const seconds = (performance.now() - this.started) / 1000;
    const machine = machineCpuTicks();
    const busy = machine.busy - this.machineAtStart.busy;
    const total = busy + machine.idle - this.machineAtStart.idle;
    const serverSeconds = (this.serversCpuTicks() - this.serversAtStart) / 100;
    const generator = process.cpuUsage(this.generatorAtStart);
    const generatorSeconds = (generator.user + generator.system) / 1e6;
    const percent = (value: number) => `${Math.round(value * 100)}%`;
    return (
      `load average (1 min) ${this.loads[0]?.toFixed(2)} at the start, ${Math.min(...this.loads).toFixed(2)} to ` +
      `${Math.max(...this.loads).toFixed(2)} during the run; both cores ${percent(total > 0 ? busy / total : 0)} busy; ` +
      `the server processes used ${percent(serverSeconds / seconds)} of one core together, ` +
      `this load generator ${percent(generatorSeconds / seconds)}`
    );
  }
}

/** Busy and idle ticks of every core together (/proc/stat: idle and iowait count as idle). */
function machineCpuTicks(): { busy: number; idle: number } {
  const fields = readProc('/proc/stat').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: fields.reduce((sum, value) => sum + value, 0) - idle, idle };
}

/** User and system ticks (1/100 s) a process has used (/proc/<pid>/stat fields 14 and 15). */
function processCpuTicks(pid: number): number {
  const fields = readProc(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

function readProc(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
