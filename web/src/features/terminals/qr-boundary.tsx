import { TERMINAL_MESSAGES } from '@app/shared';
import { Component, type ReactNode } from 'react';
import { Alert } from '../../ui/index.ts';

/** A QR code that cannot be drawn (too much data, a broken value) shows 'Ошибка формирования QR-кода'. */
export class QrBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert tone="danger" role="alert">
          {TERMINAL_MESSAGES.qrFailed}
        </Alert>
      );
    }
    return this.props.children;
  }
}
