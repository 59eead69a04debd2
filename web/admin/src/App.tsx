import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import categories from './categories';
import customFields from './customFields';
import groups from './groups';
import { i18nProvider } from './i18n';
import { ImportUsersPage } from './import/ImportUsersPage';
import { AdminLayout } from './layout/AdminLayout';
import { theme } from './layout/theme';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import speaches from './speaches';
import users from './users';

export function App() {
  return (
    <Admin
      title="admin.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AdminLayout}
      theme={theme}
      disableTelemetry
      requireAuth
    >
      <Resource name="users" {...users} options={{ label: 'admin.menu.users' }} />
      <Resource name="speaches" {...speaches} options={{ label: 'admin.menu.speaches' }} />
      <Resource name="groups" {...groups} options={{ label: 'admin.menu.groups' }} />
      <Resource name="categories" {...categories} options={{ label: 'admin.menu.categories' }} />
      <Resource name="custom-fields" {...customFields} options={{ label: 'admin.menu.customFields' }} />
      <CustomRoutes>
        <Route path="/administration/importUser" element={<ImportUsersPage />} />
      </CustomRoutes>
    </Admin>
  );
}
