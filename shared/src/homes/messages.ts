/** The role homes' refusals (a web user never sees them: the app calls each home only for its role). */
export const HOMES_TEXT = {
  merchantsOnly: 'Эта страница доступна только мерчантам',
  supportOnly: 'Эта страница доступна только поддержке',
} as const;
