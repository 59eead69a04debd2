import { AppBar, Box, Button, Container, IconButton, Link, Menu, MenuItem, TextField, Toolbar, Typography } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { LANGUAGES, LANGUAGE_NAMES, type Language, useI18n } from '../i18n';
import { NotificationBell } from '../notifications/NotificationBell';
import { MessagesNavLink } from '../forum/MessagesNavLink';
import { SearchField } from '../search/SearchField';
import { SiteFooter } from '../site/SiteFooter';
import { slug } from './slug';

export { slug };

export function AppLayout({ children }: { children: ReactNode }) {
  const { t, language, setLanguage } = useI18n();
  const { me } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Link
        href="#main"
        className="skip-link"
        sx={{ position: 'absolute', left: -9999, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1, '&:focus': { left: 8 } }}
      >
        {t('nav.skip')}
      </Link>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component={RouterLink} to="/" sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}>
            {t('app.name')}
          </Typography>
          <Box component="nav" aria-label={t('nav.main')} sx={{ display: 'flex', gap: 1, flexGrow: 1, flexWrap: 'wrap' }}>
            <Button color="inherit" component={RouterLink} to="/">
              {t('nav.home')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/catalogue">
              {t('nav.catalogue')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/account">
              {t('nav.account')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/account/myNotifications">
              {t('nav.notifications')}
            </Button>
            {me && <MessagesNavLink />}
            {me?.isAuthor && (
              <Button color="inherit" component={RouterLink} to="/recorder/indexrecorderlayout">
                {t('nav.create')}
              </Button>
            )}
            {me?.isAdmin && (
              <Button color="inherit" href="/admin/">
                {t('nav.backOffice')}
              </Button>
            )}
          </Box>
          {me && <SearchField />}
          <TextField
            select
            variant="standard"
            size="small"
            label={t('nav.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
            sx={{
              minWidth: 120,
              // White on the app bar's blue: contrast above 7:1, focused or not.
              '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused, & .MuiInputBase-root, & .MuiSvgIcon-root': { color: 'common.white' },
              '& .MuiInput-underline:before, & .MuiInput-underline:after': { borderBottomColor: 'common.white' },
            }}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </MenuItem>
            ))}
          </TextField>
          {me && <NotificationBell />}
          {me && (
            <>
              <IconButton color="inherit" aria-label={t('nav.userMenu')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
                <AccountCircle />
              </IconButton>
              <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate(`/profil/${me.id}/${slug(`${me.firstName} ${me.lastName}`)}`);
                  }}
                >
                  {t('nav.profile')}
                </MenuItem>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate('/logout');
                  }}
                >
                  {t('nav.logout')}
                </MenuItem>
              </Menu>
            </>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} sx={{ py: 4 }}>
        {children}
      </Container>
      <SiteFooter />
    </>
  );
}
