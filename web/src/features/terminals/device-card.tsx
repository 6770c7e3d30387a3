import { DEVICE_CARD_DEFAULT_CHARGE } from '@app/shared';
import { BatteryRing, cx } from '../../ui/index.ts';

/** The charge a card shows: the reported one, else the spec's default 12 % (spec §9). */
export function displayCharge(phoneCharge: number | null | undefined): number {
  return typeof phoneCharge === 'number' ? phoneCharge : DEVICE_CARD_DEFAULT_CHARGE;
}

/** The terminal device card of spec §2 Shared widgets: Device ID, device name and the battery ring. */
export function DeviceCard({
  id,
  name,
  phoneCharge,
  className,
}: {
  id: string;
  name: string;
  phoneCharge: number | null;
  className?: string;
}) {
  return (
    <article
      data-testid="device-card"
      aria-label={name}
      className={cx(
        'flex min-w-0 items-center gap-3 rounded-xl border border-gray-200/80 bg-white px-4 py-3',
        className,
      )}
    >
      <BatteryRing percent={displayCharge(phoneCharge)} size={48} />
      <div className="min-w-0">
        <p className="truncate text-small font-semibold text-gray-900">{name}</p>
        <p className="truncate text-caption text-gray-500">
          Device ID: <span className="font-mono">{id}</span>
        </p>
      </div>
    </article>
  );
}
