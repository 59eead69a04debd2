import { Suspense, lazy } from 'react';
import { Loading } from 'react-admin';

const Dashboard = lazy(() => import('./Dashboard'));

/** React-admin's `dashboard` (the back office home), in its own chunk with its charts: the initial bundle stays small. */
export function LazyDashboard() {
  return (
    <Suspense fallback={<Loading />}>
      <Dashboard />
    </Suspense>
  );
}
