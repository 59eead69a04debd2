import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from './AuthContext';
import { ChangePasswordPage } from './ChangePasswordPage';
import { TermsOverlay } from './TermsOverlay';

/** A logged-in user, who has chosen their password if forced to, and sees the terms overlays until accepted. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { me, loading } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (me.mustChangePassword) return <ChangePasswordPage />;
  return (
    <>
      {children}
      {me.mustAcceptGcu ? <TermsOverlay document="GCU" /> : me.mustAcceptPdp ? <TermsOverlay document="PDP" /> : null}
    </>
  );
}
