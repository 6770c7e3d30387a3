import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = process.env.API_PORT ?? '3000';
const apiTarget = `http://127.0.0.1:${apiPort}`;
// The server refuses state-changing requests whose Origin is not its PUBLIC_URL. Pages served by this dev
// server have their own origin, so the proxy presents them as the server's public origin; requests from
// any other origin pass through untouched and are still refused.
const apiPublicOrigin = new URL(process.env.PUBLIC_URL ?? `http://localhost:${apiPort}`).origin;
const apiPrefix = process.env.VITE_API_PREFIX ?? '/backend';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      [apiPrefix]: {
        target: apiTarget,
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyRequest, request) => {
            const origin = request.headers.origin;
            if (origin && request.headers.host && new URL(origin).host === request.headers.host) {
              proxyRequest.setHeader('origin', apiPublicOrigin);
            }
          });
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: './src/test/setup.ts',
    css: false,
    restoreMocks: true,
  },
});
