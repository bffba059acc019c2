// The popout feature's public surface: the /popout/<widget> page (lazy).
export const loadPopoutPage = () => import('./PopoutPage.tsx');
