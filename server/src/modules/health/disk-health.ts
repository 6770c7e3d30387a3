/** Use case: the `disk` component of GET /health (free space against DISK_MIN_FREE_MB). */
import type { HealthCheck } from '../../context.ts';
import type { FreeBytesReader } from '../../lib/disk-space.ts';

const MB = 1024 * 1024;

/**
 * The `disk` component of /health: degraded (the service goes on; evidence uploads answer 507) while the
 * evidence files' disk has less than DISK_MIN_FREE_MB free, or when its free space cannot be read.
 */
export function diskHealthCheck(freeBytes: FreeBytesReader, minFreeMb: number): HealthCheck {
  return async () => {
    let free: number;
    try {
      free = await freeBytes();
    } catch (error) {
      return { ok: true, degraded: true, detail: `free space unreadable: ${(error as Error).message}` };
    }
    const freeMb = Math.floor(free / MB);
    return free < minFreeMb * MB
      ? {
          ok: true,
          degraded: true,
          detail: `${freeMb} MB free, under DISK_MIN_FREE_MB (${minFreeMb}); uploads refused`,
        }
      : { ok: true, detail: `${freeMb} MB free` };
  };
}
