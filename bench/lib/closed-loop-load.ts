/**
 * Load the way the API benchmark applies it (autocannon, 100 connections): a fixed number of
 * connections, each sending its next call as soon as the last is answered, so the mix runs at the
 * throughput the server sustains, neither above it (where an open loop's queue only grows) nor
 * below it. Latency counts from each call's start.
 */
import { type Call, type CallRecord, type LoadClient, recordCall } from './open-loop-load.js';

export interface ClosedLoopSettings {
  connections: number;
  seconds: number;
  nextCall: () => Call;
  onRecord: (record: CallRecord) => void;
}

/** Resolves when every connection's last call, started before the end, has been answered. */
export async function runClosedLoop(
  settings: ClosedLoopSettings,
  client: LoadClient,
): Promise<void> {
  const endsAt = performance.now() + settings.seconds * 1000;
  const connection = async () => {
    while (performance.now() < endsAt) {
      await recordCall(client, settings.nextCall(), performance.now(), settings.onRecord);
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, connection));
}
