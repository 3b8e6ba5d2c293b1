import { type ComponentType, lazy, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { GuestOnly } from '../features/session/GuestOnly.tsx';
import { RequireMember } from '../features/session/RequireMember.tsx';
import { HomePage } from '../routes/HomePage.tsx';
import { BareLayout } from './BareLayout.tsx';
import { Layout } from './Layout.tsx';

// Pages other than home load on first visit, keeping the home page's first load small.
const RegisterPage = lazy(() =>
  import('../routes/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const DepositPage = lazy(() => import('../routes/DepositPage.tsx').then((m) => ({ default: m.DepositPage })));
const WithdrawPage = lazy(() =>
  import('../routes/WithdrawPage.tsx').then((m) => ({ default: m.WithdrawPage })),
);
const HelpPage = lazy(() => import('../routes/HelpPage.tsx').then((m) => ({ default: m.HelpPage })));
const NotePage = lazy(() => import('../routes/NotePage.tsx').then((m) => ({ default: m.NotePage })));
const NoticePage = lazy(() => import('../routes/NoticePage.tsx').then((m) => ({ default: m.NoticePage })));
const CompPage = lazy(() => import('../routes/CompPage.tsx').then((m) => ({ default: m.CompPage })));
const PromotionsPage = lazy(() =>
  import('../routes/PromotionsPage.tsx').then((m) => ({ default: m.PromotionsPage })),
);
const UserPage = lazy(() => import('../routes/UserPage.tsx').then((m) => ({ default: m.UserPage })));
const GameLobbyPage = lazy(() =>
  import('../routes/GameLobbyPage.tsx').then((m) => ({ default: m.GameLobbyPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../routes/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const LoginPage = lazy(() => import('../routes/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const ErrorPage = lazy(() => import('../routes/ErrorPage.tsx').then((m) => ({ default: m.ErrorPage })));
const NotFoundPage = lazy(() =>
  import('../routes/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);

/** A group of routes behind one guard, which renders the page it lets through. */
function Guarded({ by: Guard }: { by: ComponentType<{ children: ReactNode }> }) {
  return (
    <Guard>
      <Outlet />
    </Guard>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {/* Member-only pages: a guest who opens one directly gets the login warning and the form instead. */}
        <Route element={<Guarded by={RequireMember} />}>
          <Route path="deposit" element={<DepositPage />} />
          <Route path="withdraw" element={<WithdrawPage />} />
          <Route path="help" element={<HelpPage />} />
          <Route path="note" element={<NotePage />} />
          <Route path="notice" element={<NoticePage />} />
          <Route path="comp" element={<CompPage />} />
          <Route path="promotions" element={<PromotionsPage />} />
          <Route path="user" element={<UserPage />} />
        </Route>
        <Route path="game" element={<GameLobbyPage />} />
        {/* The log-in and sign-up pages: a member already signed in is sent home. */}
        <Route element={<Guarded by={GuestOnly} />}>
          <Route path="register" element={<RegisterPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot" element={<ForgotPasswordPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* A page may bring its own layout: the error page stands alone, without menus or popups. */}
      <Route element={<BareLayout />}>
        <Route path="admin/error" element={<ErrorPage />} />
      </Route>
    </Routes>
  );
}
