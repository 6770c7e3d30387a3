// The framed QR code of the terminal screens (the pairing QR of a new terminal, the webhook URL of a forwarder
// app): one frame, one failure message when the code cannot be drawn.
import { PAIRING_QR_SIZE, TERMINAL_MESSAGES } from '@app/shared';
import { notify } from '../../ui/index.ts';
import { FluidQrCode } from '../../ui/qr-code.tsx';
import { QrBoundary } from './qr-boundary.tsx';

/**
 * A QR code in a white frame. The frame carries `value` under `valueAttribute` too, so tests and the e2e suite
 * read what the code holds without decoding the picture.
 */
export function QrCard({
  value,
  level,
  title,
  testId,
  valueAttribute,
}: {
  value: string;
  level: 'L' | 'M' | 'Q' | 'H';
  title: string;
  testId: string;
  valueAttribute: 'data-qr-payload' | 'data-qr-value';
}) {
  return (
    <div
      className="w-full rounded-xl border border-gray-200 bg-white p-2"
      data-testid={testId}
      {...{ [valueAttribute]: value }}
    >
      <QrBoundary onError={() => notify.error(TERMINAL_MESSAGES.qrFailed)}>
        <FluidQrCode value={value} size={PAIRING_QR_SIZE} level={level} title={title} />
      </QrBoundary>
    </div>
  );
}
