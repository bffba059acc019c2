import { Navigate, Route, Routes } from 'react-router';
import { ProfilePage } from '../features/account/ProfilePage.tsx';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { VerifyPage } from '../features/auth/VerifyPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { PopoutPage } from '../features/popout/PopoutPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { RouteGate } from './RouteGate.tsx';
import { SettingsArea } from './SettingsArea.tsx';

/** Spec §2 routes. Every one passes through the RouteGate, which applies the redirect rules. */
export function AppRoutes() {
  return (
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
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
