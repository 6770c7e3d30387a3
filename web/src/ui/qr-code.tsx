/**
 * A QR code that fills the width of its box (the Telegram link, the deposit address, a referral's sign-up link,
 * the terminal screens' QR card).
 * Its own file, outside ui/index.ts, so qrcode.react loads only with the screens that draw one.
 */
import { QRCodeSVG } from 'qrcode.react';

export interface FluidQrCodeProps {
  value: string;
  /** Its name for screen readers. */
  title: string;
  /** Error correction; H (the default) still scans with up to 30% of the code damaged. */
  level?: 'L' | 'M' | 'Q' | 'H';
  /** The drawing's scale in pixels before it is fitted to the box; 256 unless said otherwise. */
  size?: number;
  testId?: string;
}

/** The code drawn as SVG with a one-module quiet zone, scaled to the box's width. */
export function FluidQrCode({ value, title, level = 'H', size = 256, testId }: FluidQrCodeProps) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level={level}
      marginSize={1}
      title={title}
      className="block h-auto w-full"
      data-testid={testId}
    />
  );
}
