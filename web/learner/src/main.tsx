import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AuthProvider } from './auth/AuthContext';
import { I18nProvider } from './i18n';
import { AppRoutes } from './routes';

// Colours chosen for WCAG AA contrast on white and on the app bar.
const theme = createTheme({
  palette: { primary: { main: '#1a4f8b' }, secondary: { main: '#8a3b12' } },
  components: { MuiButtonBase: { defaultProps: { disableRipple: false } } },
});

// A data router so a page can block navigation (the editor's unsaved-changes warning, useBlocker);
// one splat route keeps every path declared in AppRoutes as before.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </ThemeProvider>
  </StrictMode>,
);
