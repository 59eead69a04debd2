import { Badge, Box, Tab, Tabs, Typography } from '@mui/material';
import { BadgesList } from '../forum/BadgesList';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { SpeachGrid } from '../home/SpeachGrid';
import { useI18n } from '../i18n';
import { AssignedPaths } from '../paths/AssignedPaths';
import { type AccountTab, TAB_GRIDS, selectedTab, visibleTabs } from './account-tabs';
import { useAccountBadges } from './useAccount';

/** `/account?tabSelected={tab}` (spec §2 "Account page tabs"): the address follows the tab. */
export function AccountPage() {
  const { t } = useI18n();
  const { me } = useAuth();
  const [params, setParams] = useSearchParams();
  const tabs = me
    ? visibleTabs({
        isAdmin: me.isAdmin,
        isAuthor: me.isAuthor,
        isApprover: me.isApprover,
        workflowEnabled: me.featureFlags.workflowEnabled === true,
        delayEnabled: me.featureFlags.delayEnabled === true,
      })
    : [];
  const requested = params.get('tabSelected');
  const tab = selectedTab(requested, tabs);
  const badges = useAccountBadges(tabs);

  useEffect(() => {
    if (tab && requested !== tab) setParams({ tabSelected: tab }, { replace: true });
  }, [tab, requested, setParams]);

  if (!me || !tab) return null;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('account.title')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <BadgesList />
      </Box>
      <Tabs
        value={tab}
        onChange={(_, value: AccountTab) => setParams({ tabSelected: value })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('account.tabs')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((value) => {
          const count = badges[value] ?? 0;
          return (
            <Tab
              key={value}
              value={value}
              id={`account-tab-${value}`}
              aria-controls="account-panel"
              label={
                count > 0 ? (
                  <Badge badgeContent={count} color="error" aria-label={`${t(`account.tab.${value}`)}, ${t('account.badge', { count })}`} sx={{ pr: 1.5 }}>
                    {t(`account.tab.${value}`)}
                  </Badge>
                ) : (
                  t(`account.tab.${value}`)
                )
              }
            />
          );
        })}
      </Tabs>
      <Box id="account-panel" role="tabpanel" aria-labelledby={`account-tab-${tab}`}>
        {/* The panel's own h2, so the cards' h3 titles follow the page's h1 in order (axe heading-order). */}
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {t(`account.tab.${tab}`)}
        </Typography>
        {tab === 'ASSIGNED' && <AssignedPaths />}
        <SpeachGrid key={tab} url={`/api/v2/my/${TAB_GRIDS[tab]}`} label={t(`account.tab.${tab}`)} addCard={tab === 'EDITED'} />
      </Box>
    </>
  );
}
