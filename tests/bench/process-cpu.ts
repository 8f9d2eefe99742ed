import { readdir, readFile } from 'node:fs/promises';

const ticksPerSecond = 100;

/** The fields of `/proc/{pid}/stat` after the command name: [0] is the state, [2] the group. */
async function statFields(pid: number | string): Promise<string[]> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** CPU seconds a process has used so far (`/proc/{pid}/stat`, user + system). */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields = await statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * CPU seconds the processes of a process group have used so far, with those of their children
 * that ended (an `npm start`: npm, its shell, the build step that ended, the server).
 */
export async function groupCpuSeconds(groupId: number): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFields(entry).catch(() => null);
    if (!fields || Number(fields[2]) !== groupId) continue;
    ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  }
  return ticks / ticksPerSecond;
}

/** `os.loadavg()`'s three figures (1, 5 and 15 minutes) for a report line. */
export function loadAverage(averages: readonly number[]): string {
  return averages.map((value) => value.toFixed(2)).join(' ');
}
