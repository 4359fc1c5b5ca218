// Pauses a sandbox part takes (answer latency, injected delays, a stand-in's generation time),
// kept so that closing the sandbox drops them instead of waiting for them.

export class SandboxTimers {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Waits `ms` (dropped by `dispose`, so a closing sandbox does not wait for it). */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
