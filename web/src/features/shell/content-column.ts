/**
 * The centred column of the signed-in pages. The top bar uses the same one, so its breadcrumb lines up
 * with the page title at every width (above 1440 px the column no longer fills the screen).
 */
export const CONTENT_COLUMN = 'mx-auto w-full max-w-[1280px] px-4 sm:px-6 lg:px-10';
