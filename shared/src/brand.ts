/**
 * The product mark: a 32 × 32 rounded square in the accent colour with a white "P". The web's Logo draws it.
 */
export const LOGO_MARK = {
  viewBox: '0 0 32 32',
  radius: 9,
  letterPath:
    'M11 23V9h6.2c3.2 0 5.3 1.9 5.3 4.7s-2.1 4.7-5.3 4.7H14.6V23H11zm3.6-7.6h2.3c1.3 0 2-.6 2-1.7s-.7-1.7-2-1.7h-2.3v3.4z',
} as const;

/** The word mark beside it. */
export const PRODUCT_NAME = 'Processing';
