// The open-loop schedule shared by the HTTP generator and the webhook driver: the n-th request leaves
// at its intended time whatever earlier ones are doing (wrk2's method), so a stalled server cannot
// hide its stall by slowing the sender down (coordinated omission).

export type OpenSchedule = { rate: number; warmupSeconds: number; seconds: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `fire` for every request of the schedule, `measured` once its intended time is past the
 * warm-up, and resolves when the last one has left, with this process's CPU over the measured window
 * as a fraction of one core.
 */
export async function runOpenSchedule(
  schedule: OpenSchedule,
  fire: (index: number, intendedAt: number, measured: boolean) => void,
): Promise<{ generatorCpu: number }> {
  const interval = 1000 / schedule.rate;
  const started = performance.now() + 20;
  const measureFrom = started + schedule.warmupSeconds * 1000;
  const scheduleEnd = measureFrom + schedule.seconds * 1000;
  let n = 0;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  // Node timers fire at best every millisecond; each tick sends every request whose time has come,
  // so late ticks send late, and callers timing from `intendedAt` charge that lateness to the latency.
  while (true) {
    const now = performance.now();
    if (cpuAtStart === undefined && now >= measureFrom) cpuAtStart = process.cpuUsage();
    let intendedAt = started + n * interval;
    while (intendedAt <= now && intendedAt < scheduleEnd) {
      fire(n++, intendedAt, intendedAt >= measureFrom);
      intendedAt = started + n * interval;
    }
    if (intendedAt >= scheduleEnd) break;
    await sleep(Math.max(0, Math.min(5, intendedAt - performance.now())));
  }
  const cpu = process.cpuUsage(cpuAtStart);
  return { generatorCpu: (cpu.user + cpu.system) / 1000 / (performance.now() - measureFrom) };
}
