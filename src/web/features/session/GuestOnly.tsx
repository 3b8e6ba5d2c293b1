import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from './queries.ts';

/**
 * The log-in and sign-up pages: a member already signed in (or who just signed in there) is sent
 * to the home page instead of being shown the forms again.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.data) return <Navigate to="/" replace />;
  return children;
}
