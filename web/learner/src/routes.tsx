import { type ReactNode, Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { SetPasswordPage } from './auth/SetPasswordPage';
import { LogoutPage } from './auth/LogoutPage';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { TermsContentPage } from './pages/TermsContentPage';
import { Loading } from '@speach/web-shared';

const ProfilePage = lazy(() => import('./pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const CreateSpeachPage = lazy(() => import('./speach/CreateSpeachPage').then((m) => ({ default: m.CreateSpeachPage })));
const EditorPage = lazy(() => import('./speach/EditorPage').then((m) => ({ default: m.EditorPage })));
const ReaderPage = lazy(() => import('./speach/ReaderPage').then((m) => ({ default: m.ReaderPage })));
const VersionsPage = lazy(() => import('./speach/VersionsPage').then((m) => ({ default: m.VersionsPage })));
const AccountPage = lazy(() => import('./account/AccountPage').then((m) => ({ default: m.AccountPage })));
const UnsubscribeSuccessPage = lazy(() => import('./account/UnsubscribeSuccessPage').then((m) => ({ default: m.UnsubscribeSuccessPage })));
const AccessibilityStatementPage = lazy(() => import('./site/AccessibilityStatementPage').then((m) => ({ default: m.AccessibilityStatementPage })));
const AccessibilityEditPage = lazy(() => import('./site/AccessibilityEditPage').then((m) => ({ default: m.AccessibilityEditPage })));
const SpeachAnalyticsPage = lazy(() => import('./analytics/SpeachAnalyticsPage').then((m) => ({ default: m.SpeachAnalyticsPage })));
const UserAnalyticsPage = lazy(() => import('./analytics/UserAnalyticsPage').then((m) => ({ default: m.UserAnalyticsPage })));
const CataloguePage = lazy(() => import('./home/CataloguePage').then((m) => ({ default: m.CataloguePage })));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const ValidatorPage = lazy(() => import('./workflow/ValidatorPage').then((m) => ({ default: m.ValidatorPage })));
const AiSpeachGeneratorPage = lazy(() => import('./ai/AiSpeachGeneratorPage').then((m) => ({ default: m.AiSpeachGeneratorPage })));
const AuthorWorkflowPage = lazy(() => import('./workflow/AuthorWorkflowPage').then((m) => ({ default: m.AuthorWorkflowPage })));
const ToValidatePage = lazy(() => import('./workflow/WorkflowListPages').then((m) => ({ default: m.ToValidatePage })));
const EmbedPlayerPage = lazy(() => import('./embed/EmbedPlayerPage').then((m) => ({ default: m.EmbedPlayerPage })));
const EmbedEditorPage = lazy(() => import('./embed/EmbedEditorPage').then((m) => ({ default: m.EmbedEditorPage })));
const MessagesPage = lazy(() => import('./forum/MessagesPage').then((m) => ({ default: m.MessagesPage })));
const PathEditorPage = lazy(() => import('./paths/PathEditorPage').then((m) => ({ default: m.PathEditorPage })));
const PathPage = lazy(() => import('./paths/PathPage').then((m) => ({ default: m.PathPage })));
const VideoEditorPage = lazy(() => import('./media/VideoEditorPage').then((m) => ({ default: m.VideoEditorPage })));
const InValidationPage = lazy(() => import('./workflow/WorkflowListPages').then((m) => ({ default: m.InValidationPage })));

const secured = (page: ReactNode) => (
  <RequireAuth>
    <AppLayout>{page}</AppLayout>
  </RequireAuth>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/set-password" element={<SetPasswordPage />} />
      {/* Embed URLs (spec §2): no session, the access token is the credential. */}
      <Route
        path="/embed/:speachID"
        element={
          <Suspense fallback={<Loading />}>
            <EmbedPlayerPage />
          </Suspense>
        }
      />
      <Route
        path="/editEmbed"
        element={
          <Suspense fallback={<Loading />}>
            <EmbedEditorPage />
          </Suspense>
        }
      />
      <Route
        path="/editEmbed/:speachID"
        element={
          <Suspense fallback={<Loading />}>
            <EmbedEditorPage />
          </Suspense>
        }
      />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/gcuContent" element={<TermsContentPage document="GCU" />} />
      <Route path="/pdpContent" element={<TermsContentPage document="PDP" />} />
      <Route
        path="/accessibility-statement"
        element={
          <Suspense fallback={<Loading />}>
            <AccessibilityStatementPage />
          </Suspense>
        }
      />
      <Route
        path="/accessibility-statement/edit"
        element={secured(
          <Suspense fallback={<Loading />}>
            <AccessibilityEditPage />
          </Suspense>,
        )}
      />
      <Route path="/" element={secured(<HomePage />)} />
      <Route
        path="/catalogue"
        element={secured(
          <Suspense fallback={<Loading />}>
            <CataloguePage />
          </Suspense>,
        )}
      />
      <Route
        path="/account"
        element={secured(
          <Suspense fallback={<Loading />}>
            <AccountPage />
          </Suspense>,
        )}
      />
      <Route
        path="/account/s/validate"
        element={secured(
          <Suspense fallback={<Loading />}>
            <ToValidatePage />
          </Suspense>,
        )}
      />
      <Route
        path="/account/s/validateInProgress"
        element={secured(
          <Suspense fallback={<Loading />}>
            <InValidationPage />
          </Suspense>,
        )}
      />
      <Route
        path="/workflow/validator/:speachID"
        element={secured(
          <Suspense fallback={<Loading />}>
            <ValidatorPage />
          </Suspense>,
        )}
      />
      <Route
        path="/workflow/author/:speachID"
        element={secured(
          <Suspense fallback={<Loading />}>
            <AuthorWorkflowPage />
          </Suspense>,
        )}
      />
      <Route
        path="/account/myNotifications"
        element={secured(
          <Suspense fallback={<Loading />}>
            <NotificationsPage />
          </Suspense>,
        )}
      />
      <Route
        path="/messages"
        element={secured(
          <Suspense fallback={<Loading />}>
            <MessagesPage />
          </Suspense>,
        )}
      />
      <Route
        path="/unsubscribe-success"
        element={
          <Suspense fallback={<Loading />}>
            <UnsubscribeSuccessPage />
          </Suspense>
        }
      />
      <Route
        path="/profil/:userID/:slug"
        element={secured(
          <Suspense fallback={<Loading />}>
            <ProfilePage />
          </Suspense>,
        )}
      />
      <Route
        path="/recorder/indexrecorderlayout"
        element={secured(
          <Suspense fallback={<Loading />}>
            <CreateSpeachPage />
          </Suspense>,
        )}
      />
      <Route
        path="/recorder/edit/:speachID"
        element={secured(
          <Suspense fallback={<Loading />}>
            <EditorPage />
          </Suspense>,
        )}
      />
      <Route
        path="/recorder/video-editor/:chapterId"
        element={secured(
          <Suspense fallback={<Loading />}>
            <VideoEditorPage />
          </Suspense>,
        )}
      />
      <Route
        path="/recorder/aiSpeachGenerator"
        element={secured(
          <Suspense fallback={<Loading />}>
            <AiSpeachGeneratorPage />
          </Suspense>,
        )}
      />
      <Route
        path="/list-versions/:speachID"
        element={secured(
          <Suspense fallback={<Loading />}>
            <VersionsPage />
          </Suspense>,
        )}
      />
      <Route
        path="/analytics/s/:speachID"
        element={secured(
          <Suspense fallback={<Loading />}>
            <SpeachAnalyticsPage />
          </Suspense>,
        )}
      />
      <Route
        path="/analytics/u/:id"
        element={secured(
          <Suspense fallback={<Loading />}>
            <UserAnalyticsPage />
          </Suspense>,
        )}
      />
      <Route
        path="/s/:speachID/:slug"
        element={secured(
          <Suspense fallback={<Loading />}>
            <ReaderPage key="published" mode="published" />
          </Suspense>,
        )}
      />
      <Route
        path="/s/:speachID"
        element={secured(
          <Suspense fallback={<Loading />}>
            <ReaderPage key="published" mode="published" />
          </Suspense>,
        )}
      />
      <Route
        path="/play/:speachID/:slug"
        element={secured(
          <Suspense fallback={<Loading />}>
            <ReaderPage key="draft" mode="draft" />
          </Suspense>,
        )}
      />
      <Route
        path="/play-embedded/:speachID"
        element={
          <RequireAuth>
            <Suspense fallback={<Loading />}>
              <ReaderPage key="embedded" mode="draft" embedded />
            </Suspense>
          </RequireAuth>
        }
      />
      <Route
        path="/recorder/editionparcour/:pathId"
        element={secured(
          <Suspense fallback={<Loading />}>
            <PathEditorPage />
          </Suspense>,
        )}
      />
      <Route
        path="/p/:pathId/:slug"
        element={secured(
          <Suspense fallback={<Loading />}>
            <PathPage />
          </Suspense>,
        )}
      />
      <Route
        path="/p/:pathId"
        element={secured(
          <Suspense fallback={<Loading />}>
            <PathPage />
          </Suspense>,
        )}
      />
      <Route path="*" element={secured(<NotFoundPage />)} />
    </Routes>
  );
}
