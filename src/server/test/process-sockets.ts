import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The local ports of the IPv4 TCP connections process `pid` holds open (Linux, from /proc): which
 * of a server's processes a connection that reached a test's receiver came from.
 */
export function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (socket) inodes.add(socket);
    } catch {
      // A descriptor closed while the folder was read.
    }
  }
  const ports = new Set<number>();
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const port = fields[1]?.split(':')[1];
    if (port && inodes.has(fields[9] ?? '')) ports.add(parseInt(port, 16));
  }
  return ports;
}
