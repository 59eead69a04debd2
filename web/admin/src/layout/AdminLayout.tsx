import UploadFileIcon from '@mui/icons-material/UploadFile';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SettingsIcon from '@mui/icons-material/Settings';
import DownloadIcon from '@mui/icons-material/Download';
import SchoolIcon from '@mui/icons-material/School';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { FeedbackLabelsProvider } from '@speach/web-shared/feedback';
import { type ReactNode, useMemo } from 'react';
import { MenuItem } from '@mui/material';
import { AppBar, Layout, LocalesMenuButton, Menu, TitlePortal, UserMenu, useGetIdentity, usePermissions, useTranslate } from 'react-admin';

/** Menu labels wrap instead of being cut ("Benutzerdefinierte F…"). */
const MENU_WRAPS = { '& .MuiMenuItem-root .MuiTypography-root': { whiteSpace: 'normal', overflow: 'visible' } } as const;

function AdminMenu() {
  const translate = useTranslate();
  // Auditors (issue #6) see the audit screens only: the resource items are filtered by authProvider.canAccess.
  const { permissions } = usePermissions<string[]>();
  if (Array.isArray(permissions) && !permissions.includes('ADMIN')) {
    return (
      <Menu sx={MENU_WRAPS}>
        <Menu.ResourceItems />
        <Menu.Item to="/gxp/qualification" primaryText="admin.menu.qualification" leftIcon={<VerifiedUserIcon />} />
      </Menu>
    );
  }
  return (
    <Menu sx={MENU_WRAPS}>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/administration/importUser" primaryText="admin.menu.importUsers" leftIcon={<UploadFileIcon />} />
      <Menu.Item to="/exports" primaryText="admin.menu.exports" leftIcon={<DownloadIcon />} />
      <Menu.Item to="/administration/scorm/massExport" primaryText="admin.menu.scorm" leftIcon={<DownloadIcon />} />
      <Menu.Item to="/admin.listspeach/listperiodicreviews" primaryText="admin.menu.periodicReviews" leftIcon={<EventRepeatIcon />} />
      <Menu.Item to="/ai/avatar-usage" primaryText="admin.menu.aiAvatar" leftIcon={<SmartToyIcon />} />
      <Menu.Item to="/settings" primaryText="admin.menu.settings" leftIcon={<SettingsIcon />} />
      <Menu.Item to="/gxp/qualification" primaryText="admin.menu.qualification" leftIcon={<VerifiedUserIcon />} />
      <MenuItem component="a" href="/" sx={{ color: 'text.secondary', gap: 2 }}>
        <SchoolIcon fontSize="small" />
        {translate('admin.menu.learnerApp')}
      </MenuItem>
    </Menu>
  );
}

/** The user menu's accessible name is the name it shows (WCAG 2.5.3 label in name). */
function NamedUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'} />;
}

function AdminAppBar() {
  return (
    <AppBar toolbar={<LocalesMenuButton />} userMenu={<NamedUserMenu />}>
      {/* Each screen's title is the page's h1; a screen without one (it shows its own h1) leaves it empty and hidden. */}
      <TitlePortal component="h1" sx={{ '&:empty': { display: 'none' } }} />
    </AppBar>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  // The shared loading, error and toast components speak the back office's language.
  const labels = useMemo(
    () => ({ loading: translate('ra.page.loading'), retry: translate('ra.action.refresh'), close: translate('ra.action.close') }),
    [translate],
  );
  return (
    <FeedbackLabelsProvider labels={labels}>
      <Layout menu={AdminMenu} appBar={AdminAppBar}>
        {children}
      </Layout>
    </FeedbackLabelsProvider>
  );
}
