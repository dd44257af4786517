/** The mobile menu toggle's name, closed and open (React's and the prerendered landing page's). */
export const MOBILE_MENU_LABELS = { open: 'Open menu', close: 'Close menu' } as const;
