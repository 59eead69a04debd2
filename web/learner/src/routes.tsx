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

/** Routes of spec §2 whose screens come with later issues (#4 authoring, #5 learner app, #6 workflow, #7 analytics). */
const LATER: [string, MessageKey][] = [
  ['/account', 'route.account'],
  ['/account/myNotifications', 'route.notifications'],
  ['/account/s/validate', 'route.validate'],
  ['/account/s/validateInProgress', 'route.validateInProgress'],
  ['/recorder/indexrecorderlayout', 'route.create'],
  ['/recorder/edit/:speachID', 'route.edit'],
  ['/recorder/aiSpeachGenerator', 'route.aiGenerator'],
  ['/recorder/editionparcour/:pathId', 'route.pathEditor'],
  ['/list-versions/:speachID', 'route.versions'],
  ['/workflow/validator/:speachID', 'route.validator'],
  ['/workflow/author/:speachID', 'route.authorWorkflow'],
  ['/analytics/s/:speachID', 'route.analyticsSpeach'],
  ['/analytics/u/:id', 'route.analyticsUser'],
  ['/s/:speachID/:slug', 'route.speach'],
  ['/play/:speachID/:slug', 'route.play'],
  ['/play-embedded/:speachID', 'route.playEmbedded'],
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
      {LATER.map(([path, title]) => (
        <Route key={path} path={path} element={secured(<LaterPage title={title} />)} />
      ))}
      <Route path="*" element={secured(<NotFoundPage />)} />
    </Routes>
  );
}
