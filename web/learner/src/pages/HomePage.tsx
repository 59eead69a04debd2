import { Chip, Stack, Typography } from '@mui/material';
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountAddress } from '../account/account-tabs';
import { useAuth } from '../auth/AuthContext';
import { GetStarted } from '../home/GetStarted';
import { HomeSliders } from '../home/HomeSliders';
import { SpeachGrid } from '../home/SpeachGrid';
import { SpeachSlider } from '../home/SpeachSlider';
import { type MessageKey, useI18n } from '../i18n';
import { AssignedPaths } from '../paths/AssignedPaths';
import { AuthorPaths } from '../paths/AuthorPaths';
import { Loading } from '@speach/web-shared';

// Search results take the page only while a term is in the address: their code loads then, not with the home.
const SearchOverlay = lazy(() => import('../search/SearchOverlay').then((m) => ({ default: m.SearchOverlay })));

/**
 * Home `/` (spec §2): the get-started block, sliders and a speach grid; while `?searchTerm=` is in the
 * address the search overlay takes the page.
 */
export function HomePage() {
  const { t } = useI18n();
  const { me, refresh } = useAuth();
  const [params] = useSearchParams();
  const term = (params.get('searchTerm') ?? '').trim();
  if (!me) return null;
  if (term)
    return (
      <Suspense fallback={<Loading />}>
        <SearchOverlay term={term} />
      </Suspense>
    );
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('home.welcome', { name: me.firstName })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('home.roles')}>
        {me.roles.length === 0 ? (
          <Chip label={t('home.noRole')} />
        ) : (
          me.roles.map((role) => <Chip key={role} label={t(`role.${role}` as MessageKey)} color="primary" variant="outlined" />)
        )}
      </Stack>
      <GetStarted me={me} onDismissed={() => void refresh()} />
      <AssignedPaths quiet />
      <HomeSliders />
      <SpeachSlider url="/api/v2/my/speachBookmarked" title={t('home.slider.bookmarked')} fullPage={accountAddress('BOOKMARKED')} />
      {(me.isAuthor || me.isAdmin) && <AuthorPaths />}
      {me.isAuthor && (
        <section aria-labelledby="home-grid">
          <Typography id="home-grid" variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
            {t('home.slider.edited')}
          </Typography>
          <SpeachGrid url="/api/v2/my/speachEdited" label={t('home.slider.edited')} addCard />
        </section>
      )}
    </>
  );
}
