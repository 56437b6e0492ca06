/**
 * The cheap phone on a mobile network the app is measured on: 360 px wide, CPU 4× slower, 150 ms latency,
 * 1.6 Mbit/s down and 750 kbit/s up (Chromium's DevTools protocol). The slow-phone journeys
 * (slow-phone.spec.ts) and the benchmark's phone visits (bench/client.ts) both use it.
 */
import type { CDPSession } from 'playwright-core';

export const SLOW_PHONE_VIEWPORT = { width: 360, height: 640 };

export async function throttleAsSlowPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}
