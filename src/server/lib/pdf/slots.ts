/** At most `size` holders at once; the others wait in arrival order (PDF_CONCURRENCY: the memory budget). */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves when a slot is held; the returned function gives it back (once). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }

  /** Holders waiting for a slot (for tests and progress). */
  get queued(): number {
    return this.waiting.length;
  }
}
