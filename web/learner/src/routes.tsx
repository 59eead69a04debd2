import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { LogoutPage } from './auth/LogoutPage';
import { RequireAuth } from './auth/RequireAuth';
import type { MessageKey } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './pages/HomePage';
import { LaterPage } from './pages/LaterPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ProfilePage } from './pages/ProfilePage';
import { TermsContentPage } from './pages/TermsContentPage';
import { CreateSpeachPage } from './speach/CreateSpeachPage';
import { EditorPage } from './speach/EditorPage';
import { ReaderPage } from './speach/ReaderPage';
import { VersionsPage } from './speach/VersionsPage';

/** Routes of spec §2 whose screens come with later issues (#5 learner app, #6 workflow, #7 analytics). */
const LATER: [string, MessageKey][] = [
  ['/account', 'route.account'],
  ['/account/myNotifications', 'route.notifications'],
  ['/account/s/validate', 'route.validate'],
  ['/account/s/validateInProgress', 'route.validateInProgress'],
  ['/recorder/aiSpeachGenerator', 'route.aiGenerator'],
  ['/recorder/editionparcour/:pathId', 'route.pathEditor'],
  ['/workflow/validator/:speachID', 'route.validator'],
  ['/workflow/author/:speachID', 'route.authorWorkflow'],
  ['/analytics/s/:speachID', 'route.analyticsSpeach'],
  ['/analytics/u/:id', 'route.analyticsUser'],
  ['/p/:pathId/:slug', 'route.path'],
  ['/accessibility-statement', 'route.accessibility'],
];

const secured = (page: ReactNode) => (
  <RequireAuth>
    <AppLayout>{page}</AppLayout>
  </RequireAuth>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/gcuContent" element={<TermsContentPage document="GCU" />} />
      <Route path="/pdpContent" element={<TermsContentPage document="PDP" />} />
      <Route path="/" element={secured(<HomePage />)} />
      <Route path="/profil/:userID/:slug" element={secured(<ProfilePage />)} />
      <Route path="/recorder/indexrecorderlayout" element={secured(<CreateSpeachPage />)} />
      <Route path="/recorder/edit/:speachID" element={secured(<EditorPage />)} />
      <Route path="/list-versions/:speachID" element={secured(<VersionsPage />)} />
      <Route path="/s/:speachID/:slug" element={secured(<ReaderPage key="published" mode="published" />)} />
      <Route path="/s/:speachID" element={secured(<ReaderPage key="published" mode="published" />)} />
      <Route path="/play/:speachID/:slug" element={secured(<ReaderPage key="draft" mode="draft" />)} />
      <Route
        path="/play-embedded/:speachID"
        element={
          <RequireAuth>
            <ReaderPage key="embedded" mode="draft" embedded />
          </RequireAuth>
        }
      />
      {LATER.map(([path, title]) => (
        <Route key={path} path={path} element={secured(<LaterPage title={title} />)} />
      ))}
      <Route path="*" element={secured(<NotFoundPage />)} />
    </Routes>
  );
}
