/**
 * HEIC photos read in one worker thread (heic-worker.ts), started when the first one comes: photos are read
 * one after another (photos.service.ts), so one thread serves them, and a thread that fails takes only the
 * photos it held with it; the next starts a new one. It holds the process open only while it has work.
 */
import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../../lib/module-worker.js';
import type { HeicAnswer, HeicRequest } from './heic-worker.js';

type Pending = { resolve: (answer: HeicAnswer) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function started(): Worker {
  if (worker) return worker;
  const thread = moduleWorker(import.meta.url, 'heic-worker');
  const fail = (error: Error) => {
    if (worker === thread) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  thread.on('message', (answer: HeicAnswer) => {
    pending.get(answer.id)?.resolve(answer);
    pending.delete(answer.id);
    if (pending.size === 0) thread.unref();
  });
  thread.on('error', fail);
  thread.on('exit', () => fail(new Error('the HEIC reader stopped')));
  thread.unref();
  worker = thread;
  return thread;
}

/** The size of a HEIC photo's primary image and, when `pixels`, its upright RGBA pixels (none beyond `maxPixels`). */
export async function readHeic(bytes: Buffer, pixels: boolean, maxPixels: number): Promise<{ width: number; height: number; rgba?: Buffer }> {
  const thread = started();
  const id = nextId++;
  const answer = await new Promise<HeicAnswer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, bytes, pixels, maxPixels } satisfies HeicRequest);
  });
  if ('error' in answer) throw new Error(answer.error);
  return { width: answer.width, height: answer.height, rgba: answer.rgba ? Buffer.from(answer.rgba) : undefined };
}
