// The help feature's public surface: the help page (lazy).
export const loadHelpPage = () => import('./HelpPage.tsx');
export const loadTermsPage = () => import('./TermsPage.tsx');
