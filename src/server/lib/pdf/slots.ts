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

/**
 * At most `size` holders at once, the waiting ones served round-robin by owner (an account): one owner's
 * twenty requests take turns with another's one instead of all going first.
 */
export class FairSlots {
  private free: number;
  /** Each owner's waiting holders in arrival order; the map's order is the rotation. */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(size: number) {
    this.free = size;
  }

  async acquire(owner: string): Promise<() => void> {
    if (this.free > 0) this.free--;
    else
      await new Promise<void>((resolve) => {
        const own = this.waiting.get(owner);
        if (own) own.push(resolve);
        else this.waiting.set(owner, [resolve]);
      });
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const first = this.waiting.entries().next();
      if (first.done) {
        this.free++;
        return;
      }
      const [next, own] = first.value;
      const resolve = own.shift()!;
      // The owner served goes to the back of the rotation (or leaves it, with nobody left waiting).
      this.waiting.delete(next);
      if (own.length > 0) this.waiting.set(next, own);
      resolve();
    };
  }

  /** Runs `work` holding a slot in `owner`'s turn. */
  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(owner);
    try {
      return await work();
    } finally {
      release();
    }
  }

  get queued(): number {
    let n = 0;
    for (const own of this.waiting.values()) n += own.length;
    return n;
  }
}
