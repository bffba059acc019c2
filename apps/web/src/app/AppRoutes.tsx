import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { loadProfilePage } from '../features/account/index.ts';
import {
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  VerifyPage,
} from '../features/auth/index.ts';
import { loadDashboardPage } from '../features/dashboard/index.ts';
import { loadHelpPage, loadTermsPage } from '../features/help/index.ts';
import { loadPopoutPage } from '../features/popout/index.ts';
import { loadSettingsPage } from '../features/settings/index.ts';
import { PageSpinner } from '../ui/Spinner.tsx';
import { RouteGate } from './RouteGate.tsx';
import { SettingsArea } from './SettingsArea.tsx';

// Issue 10 §11: the signed-out pages are in the first chunk; every signed-in screen is its own
// chunk, fetched when first visited, so /login stays within its JavaScript budget
// (e2e/bundle.spec.ts). The profile page splits its billing and admin tabs further.
const DashboardPage = lazy(() => loadDashboardPage().then((m) => ({ default: m.DashboardPage })));
const SettingsPage = lazy(() => loadSettingsPage().then((m) => ({ default: m.SettingsPage })));
const ProfilePage = lazy(() => loadProfilePage().then((m) => ({ default: m.ProfilePage })));
// The built-in help (HELP_URL's default): for everyone, so signed-out visitors can read it too.
const HelpPage = lazy(() => loadHelpPage().then((m) => ({ default: m.HelpPage })));
// The terms the sign-up checkbox links to (docs/decisions.md): read before there is an account.
const TermsPage = lazy(() => loadTermsPage().then((m) => ({ default: m.TermsPage })));
const PopoutPage = lazy(() => loadPopoutPage().then((m) => ({ default: m.PopoutPage })));

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
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/settings" element={<SettingsPage />} />
          </Route>
          <Route path="/profile/:tab?" element={<ProfilePage />} />
          <Route path="/popout/:widget" element={<PopoutPage />} />
          <Route path="/help" element={<HelpPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
