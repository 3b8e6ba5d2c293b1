import { type ComponentType, lazy, type ReactNode } from 'react';
import { Outlet, type RouteObject, useRoutes } from 'react-router';
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

/**
 * The member site's routes, as data: built once, not from JSX on every render (React Router's
 * matching is part of the page's hydration; main.tsx also matches them once ahead of it).
 */
export const siteRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      // Member-only pages: a guest who opens one directly gets the login warning and the form instead.
      {
        element: <Guarded by={RequireMember} />,
        children: [
          { path: 'deposit', element: <DepositPage /> },
          { path: 'withdraw', element: <WithdrawPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'note', element: <NotePage /> },
          { path: 'notice', element: <NoticePage /> },
          { path: 'comp', element: <CompPage /> },
          { path: 'promotions', element: <PromotionsPage /> },
          { path: 'user', element: <UserPage /> },
        ],
      },
      { path: 'game', element: <GameLobbyPage /> },
      // The log-in and sign-up pages: a member already signed in is sent home.
      {
        element: <Guarded by={GuestOnly} />,
        children: [
          { path: 'register', element: <RegisterPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot', element: <ForgotPasswordPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // A page may bring its own layout: the error page stands alone, without menus or popups.
  { element: <BareLayout />, children: [{ path: 'admin/error', element: <ErrorPage /> }] },
];

export function App() {
  return useRoutes(siteRoutes);
}
