import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { syncIsLeadFromStorage } from '../api/lead-store.ts';
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
  window.localStorage.clear();
  window.sessionStorage.clear();
  syncIsLeadFromStorage();
  vi.useRealTimers();
});
