import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useOperator } from '../features/session/queries.ts';
import { useOperatorLanguage } from '../features/session/useOperatorLanguage.ts';
import { LoginPage } from '../routes/LoginPage.tsx';
import { AdminLayout } from './AdminLayout.tsx';

const DashboardPage = lazy(() => import('../routes/DashboardPage.tsx'));
const CashierPage = lazy(() => import('../routes/CashierPage.tsx'));
const MembersPage = lazy(() => import('../routes/MembersPage.tsx'));
const MemberDetailPage = lazy(() => import('../routes/MemberDetailPage.tsx'));
const VerificationPage = lazy(() => import('../routes/VerificationPage.tsx'));
const PersonFlagsPage = lazy(() => import('../routes/PersonFlagsPage.tsx'));
const SupportPage = lazy(() => import('../routes/SupportPage.tsx'));
const NotesPage = lazy(() => import('../routes/NotesPage.tsx'));
const ContentPage = lazy(() => import('../routes/ContentPage.tsx'));
const GamesPage = lazy(() => import('../routes/GamesPage.tsx'));
const TradingPage = lazy(() => import('../routes/TradingPage.tsx'));
const PromotionsPage = lazy(() => import('../routes/PromotionsPage.tsx'));
const SettingsPage = lazy(() => import('../routes/SettingsPage.tsx'));
const AuditPage = lazy(() => import('../routes/AuditPage.tsx'));
const OperatorsPage = lazy(() => import('../routes/OperatorsPage.tsx'));
const MyPasswordPage = lazy(() => import('../routes/MyPasswordPage.tsx'));
const SystemPage = lazy(() => import('../routes/SystemPage.tsx'));

/** The back office: a login form until an operator is signed in, then the screens of their role. */
export function App() {
  const me = useOperator();
  useOperatorLanguage();
  if (me.isPending) return null;
  if (!me.data) {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }
  return (
    <AdminLayout>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/cashier" element={<CashierPage />} />
          <Route path="/members" element={<MembersPage />} />
          <Route path="/members/:id" element={<MemberDetailPage />} />
          <Route path="/verification" element={<VerificationPage />} />
          <Route path="/person-flags" element={<PersonFlagsPage />} />
          <Route path="/support" element={<SupportPage />} />
          <Route path="/notes" element={<NotesPage />} />
          <Route path="/content" element={<ContentPage />} />
          <Route path="/games" element={<GamesPage />} />
          <Route path="/trading" element={<TradingPage />} />
          <Route path="/promotions" element={<PromotionsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="/operators" element={<OperatorsPage />} />
          <Route path="/me/password" element={<MyPasswordPage />} />
          <Route path="/system" element={<SystemPage />} />
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
