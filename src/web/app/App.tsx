import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from '../routes/HomePage.tsx';
import { Layout } from './Layout.tsx';

// Pages other than home load on first visit, keeping the home page's first load small.
const RegisterPage = lazy(() =>
  import('../routes/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const DepositPage = lazy(() => import('../routes/DepositPage.tsx').then((m) => ({ default: m.DepositPage })));
const WithdrawPage = lazy(() =>
  import('../routes/WithdrawPage.tsx').then((m) => ({ default: m.WithdrawPage })),
);
const NotFoundPage = lazy(() =>
  import('../routes/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="deposit" element={<DepositPage />} />
        <Route path="withdraw" element={<WithdrawPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
