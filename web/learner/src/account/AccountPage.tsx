import { Badge, Box, Tab, Tabs, Typography } from '@mui/material';
import { BadgesList } from '../forum/BadgesList';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { cardsApi } from '../cards/cardsApi';
import { SpeachGrid } from '../home/SpeachGrid';
import { useI18n } from '../i18n';
import { AssignedPaths } from '../paths/AssignedPaths';
import { type AccountTab, TAB_GRIDS, selectedTab, visibleTabs } from './account-tabs';

/** Badge counts: refused speaches on EDITED (from the in-validation list), to validate, to review. */
function useBadges(tabs: AccountTab[]): Partial<Record<AccountTab, number>> {
  const [badges, setBadges] = useState<Partial<Record<AccountTab, number>>>({});
  const key = tabs.join(',');
  useEffect(() => {
    const controller = new AbortController();
    const found: Partial<Record<AccountTab, number>> = {};
    const jobs: Promise<void>[] = [];
    if (tabs.includes('WFTOVALIDATE'))
      jobs.push(
        cardsApi
          .count(`/api/v2/my/${TAB_GRIDS.WFTOVALIDATE}`, controller.signal)
          .then((n) => void (found.WFTOVALIDATE = n))
          .catch(() => undefined),
      );
    if (tabs.includes('TOREVIEW'))
      jobs.push(
        cardsApi
          .count(`/api/v2/my/${TAB_GRIDS.TOREVIEW}`, controller.signal)
          .then((n) => void (found.TOREVIEW = n))
          .catch(() => undefined),
      );
    if (tabs.includes('EDITED') && tabs.includes('WFINPROGRESS')) {
      jobs.push(
        cardsApi
          .grid(`/api/v2/my/${TAB_GRIDS.WFINPROGRESS}`, { page: 0, sort: 'LAST_MAJ', name: '', onlyState: 'NONE', asc: false }, controller.signal)
          .then((page) => void (found.EDITED = page.result.filter((c) => c.wf_state === 'REJECTED').length))
          .catch(() => undefined),
      );
    }
    Promise.all(jobs).then(() => !controller.signal.aborted && setBadges(found));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return badges;
}

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
  const badges = useBadges(tabs);

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
