import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearClientSession, clearSessionEndedNotice } from '../api/session.ts';
import { installMatchMedia } from './viewport.ts';

installMatchMedia();

// CI machines run the suite on two busy cores: a findBy that waits the default second fails there on timing alone.
configure({ asyncUtilTimeout: 5000 });

// Radix primitives measure and capture pointers; jsdom implements none of it.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  // Both storages, the lead flag and this tab's memory of a session: every test starts signed out.
  clearClientSession();
  clearSessionEndedNotice();
  vi.useRealTimers();
});
