import UploadFileIcon from '@mui/icons-material/UploadFile';
import SchoolIcon from '@mui/icons-material/School';
import type { ReactNode } from 'react';
import { MenuItem } from '@mui/material';
import { AppBar, Layout, LocalesMenuButton, Menu, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';

function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.ResourceItems />
      <Menu.Item to="/administration/importUser" primaryText="admin.menu.importUsers" leftIcon={<UploadFileIcon />} />
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
      <TitlePortal />
    </AppBar>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </Layout>
  );
}
