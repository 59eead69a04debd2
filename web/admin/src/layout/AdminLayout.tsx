import UploadFileIcon from '@mui/icons-material/UploadFile';
import SchoolIcon from '@mui/icons-material/School';
import type { ReactNode } from 'react';
import { MenuItem } from '@mui/material';
import { AppBar, Layout, LocalesMenuButton, Menu, TitlePortal, useTranslate } from 'react-admin';

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

function AdminAppBar() {
  return (
    <AppBar toolbar={<LocalesMenuButton />}>
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
