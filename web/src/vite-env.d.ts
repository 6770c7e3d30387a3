/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API prefix; defaults to DEFAULT_API_PREFIX ('/backend'). */
  readonly VITE_API_PREFIX?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
