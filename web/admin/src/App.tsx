import { Route } from 'react-router-dom';
import { MassScormExportPage } from './scorm/MassScormExportPage';
import { AiAvatarUsagePage } from './aiAvatar/AiAvatarUsagePage';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import abuseReports from './abuseReports';
import audit from './audit';
import categories from './categories';
import customFields from './customFields';
import { LazyDashboard } from './dashboard';
import groups from './groups';
import mailbox from './mailbox';
import { i18nProvider } from './i18n';
import { ExportsPage } from './exports/ExportsPage';
import { ImportUsersPage } from './import/ImportUsersPage';
import learningPaths from './learningPaths';
import { AdminLayout } from './layout/AdminLayout';
import { theme } from './layout/theme';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { SettingsPage } from './settings/SettingsPage';
import speaches from './speaches';
import users from './users';
import workflowDefinitions from './workflow/definitions';
import { PeriodicReviewList } from './workflow/PeriodicReviewList';
import { QualificationPage } from './gxp/QualificationPage';

export function App() {
  return (
    <Admin
      title="admin.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AdminLayout}
      dashboard={LazyDashboard}
      theme={theme}
      disableTelemetry
      requireAuth
    >
      <Resource name="users" {...users} options={{ label: 'admin.menu.users' }} />
      <Resource name="speaches" {...speaches} options={{ label: 'admin.menu.speaches' }} />
      <Resource name="learning-paths" {...learningPaths} options={{ label: 'admin.menu.paths' }} />
      <Resource name="groups" {...groups} options={{ label: 'admin.menu.groups' }} />
      <Resource name="categories" {...categories} options={{ label: 'admin.menu.categories' }} />
      <Resource name="custom-fields" {...customFields} options={{ label: 'admin.menu.customFields' }} />
      <Resource name="audit" {...audit} options={{ label: 'admin.menu.audit' }} />
      <Resource name="workflow-definitions" {...workflowDefinitions} options={{ label: 'admin.menu.workflows' }} />
      <Resource name="abuse-reports" {...abuseReports} options={{ label: 'admin.menu.abuseReports' }} />
      <Resource name="mail" {...mailbox} options={{ label: 'admin.menu.mailbox' }} />
      <CustomRoutes>
        <Route path="/administration/importUser" element={<ImportUsersPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/ai/avatar-usage" element={<AiAvatarUsagePage />} />
        <Route path="/exports" element={<ExportsPage />} />
        <Route path="/administration/scorm/massExport" element={<MassScormExportPage />} />
        <Route path="/admin.listspeach/listperiodicreviews" element={<PeriodicReviewList />} />
        <Route path="/gxp/qualification" element={<QualificationPage />} />
      </CustomRoutes>
    </Admin>
  );
}
