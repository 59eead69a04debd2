import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
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

// One cache for the visit: every feature fetches through its hooks (`use*.ts`) and shares it.
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
