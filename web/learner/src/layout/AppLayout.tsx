import { AppBar, Box, Button, Container, IconButton, Link, Menu, MenuItem, TextField, Toolbar, Typography } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
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
  const [navAnchor, setNavAnchor] = useState<HTMLElement | null>(null);
  // The main links as the narrow screens' menu lists them (the wide bar shows them as buttons).
  const links: { to: string; label: string; external?: boolean }[] = [
    { to: '/', label: t('nav.home') },
    { to: '/catalogue', label: t('nav.catalogue') },
    { to: '/account', label: t('nav.account') },
    { to: '/account/myNotifications', label: t('nav.notifications') },
    ...(me ? [{ to: '/messages', label: t('messages.navNone') }] : []),
    ...(me?.isAuthor ? [{ to: '/recorder/indexrecorderlayout', label: t('nav.create') }] : []),
    ...(me?.isAdmin ? [{ to: '/admin/', label: t('nav.backOffice'), external: true }] : []),
  ];

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
        {/* One line from 900 px up: below 1200 px the links fold into a menu, below 1536 px the account and
            notifications links leave to the avatar menu and the bell, and the search field shrinks first. */}
        <Toolbar sx={{ gap: 1, flexWrap: { xs: 'wrap', md: 'nowrap' }, py: { xs: 1, md: 0 } }}>
          <IconButton
            color="inherit"
            aria-label={t('nav.menu')}
            aria-haspopup="menu"
            onClick={(e) => setNavAnchor(e.currentTarget)}
            sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Menu anchorEl={navAnchor} open={!!navAnchor} onClose={() => setNavAnchor(null)}>
            {links.map((link) =>
              link.external ? (
                <MenuItem key={link.to} component="a" href={link.to} onClick={() => setNavAnchor(null)}>
                  {link.label}
                </MenuItem>
              ) : (
                <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={() => setNavAnchor(null)}>
                  {link.label}
                </MenuItem>
              ),
            )}
          </Menu>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            noWrap
            sx={{ color: 'inherit', textDecoration: 'none', mr: { xs: 'auto', md: 2 }, flexShrink: 0 }}
          >
            {t('app.name')}
          </Typography>
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', lg: 'flex' }, gap: 1, flexGrow: 1, minWidth: 0, '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}
          >
            <Button color="inherit" component={RouterLink} to="/">
              {t('nav.home')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/catalogue">
              {t('nav.catalogue')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/account" sx={{ display: { xs: 'none', xl: 'inline-flex' } }}>
              {t('nav.account')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/account/myNotifications" sx={{ display: { xs: 'none', xl: 'inline-flex' } }}>
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
          <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block', lg: 'none' } }} />
          {me && <SearchField />}
          <TextField
            select
            variant="standard"
            size="small"
            label={t('nav.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
            sx={{
              minWidth: { xs: 0, lg: 120 },
              flexShrink: 0,
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
                    navigate('/account');
                  }}
                >
                  {t('nav.account')}
                </MenuItem>
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
