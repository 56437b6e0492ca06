/** Processes seen through /proc (Linux): a process's descendants and their memory, for the Chromium the PDF generator starts. */
import fs from 'node:fs';

function parentOf(pid: number): number | undefined {
  try {
    // The command name may hold spaces or parentheses: the fields after the last ')' are fixed.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The processes under `root`, children first (a child of `root` is a browser; its own children are its renderers). */
export function descendants(root: number = process.pid): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

export function commandName(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Resident memory in bytes (0 for a process that has gone). */
export function rss(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Proportional memory in bytes: shared pages divided among the processes sharing them, so a sum over processes counts them once. */
export function pss(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** This process's Chromium processes (the browser and its renderers, GPU and utility processes). */
export const chromiumProcesses = (): number[] => descendants().filter((pid) => /chrom/i.test(commandName(pid)));

/** The browsers alone: the Chromium processes this process started itself. */
export const chromiumBrowsers = (): number[] => chromiumProcesses().filter((pid) => parentOf(pid) === process.pid);
