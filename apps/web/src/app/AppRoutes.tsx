import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { VerifyPage } from '../features/auth/VerifyPage.tsx';
import { PageSpinner } from '../ui/Spinner.tsx';
import { RouteGate } from './RouteGate.tsx';
import { SettingsArea } from './SettingsArea.tsx';

// Issue 10 §11: the signed-out pages are in the first chunk; every signed-in screen is its own
// chunk, fetched when first visited, so /login stays within its JavaScript budget
// (e2e/bundle.spec.ts). The profile page splits its billing and admin tabs further.
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
);
const ProfilePage = lazy(() =>
  import('../features/account/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
);
// The built-in help (HELP_URL's default): for everyone, so signed-out visitors can read it too.
const HelpPage = lazy(() => import('../features/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage })));
// Renders nothing: it hands the command palette the dashboard's layouts once the page is there.
const DashboardCommandSource = lazy(() =>
  import('../features/palette/DashboardCommandSource.tsx').then((m) => ({
    default: m.DashboardCommandSource,
  })),
);
const PopoutPage = lazy(() =>
  import('../features/popout/PopoutPage.tsx').then((m) => ({ default: m.PopoutPage })),
);

/** Spec §2 routes. Every one passes through the RouteGate, which applies the redirect rules. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<RouteGate />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/verify" element={<VerifyPage />} />
          <Route element={<SettingsArea />}>
            <Route
              path="/dashboard"
              element={
                <>
                  <DashboardPage />
                  {/* The command palette's layouts and widget toggles, from this page's store. */}
                  <Suspense fallback={null}>
                    <DashboardCommandSource />
                  </Suspense>
                </>
              }
            />
            <Route path="/settings" element={<SettingsPage />} />
          </Route>
          <Route path="/profile/:tab?" element={<ProfilePage />} />
          <Route path="/popout/:widget" element={<PopoutPage />} />
          <Route path="/help" element={<HelpPage />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
