import { Box, Button, Card, CardActions, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Me } from '../auth/AuthContext';
import { cardsApi } from '../cards/cardsApi';
import { useI18n } from '../i18n';
import { type GetStartedCard, type GetStartedCounts, getStartedCards, showGetStarted } from './get-started';

/** Where each card leads; `external` ones are served outside the learner app (back office). */
const TARGETS: Record<GetStartedCard, { to: string; external?: boolean }> = {
  VALIDATE: { to: '/account/s/validate' },
  AWAITING: { to: '/account/s/validateInProgress' },
  AI_GENERATION: { to: '/recorder/aiSpeachGenerator' },
  CREATE_SPEACH: { to: '/recorder/indexrecorderlayout' },
  IMPORT_USERS: { to: '/administration/importUser', external: true },
  UNREAD: { to: '/account/myNotifications' },
  PERIODIC_REVIEWS: { to: '/admin.listspeach/listperiodicreviews', external: true },
  TO_REVIEW: { to: '/account?tabSelected=TOREVIEW' },
};

const COUNT_KEY: Partial<Record<GetStartedCard, keyof GetStartedCounts>> = {
  VALIDATE: 'toValidate',
  AWAITING: 'awaiting',
  UNREAD: 'unread',
  PERIODIC_REVIEWS: 'periodicReviews',
  TO_REVIEW: 'toReview',
};

/** A count call that fails (or does not exist yet) hides its card instead of breaking the home. */
const settle = (promise: Promise<number>) => promise.then((n) => (typeof n === 'number' ? n : null)).catch(() => null);

export function GetStarted({ me, onDismissed }: { me: Me; onDismissed: () => void }) {
  const { t } = useI18n();
  const [counts, setCounts] = useState<GetStartedCounts | null>(null);
  const [dismissed, setDismissed] = useState<string[]>((me as Me & { dismissedGetStarted?: string[] }).dismissedGetStarted ?? []);
  const flags = me.featureFlags;
  const workflow = flags.workflowEnabled === true;

  useEffect(() => {
    const controller = new AbortController();
    const none = Promise.resolve(null);
    const count = (url: string) => settle(cardsApi.count(url, controller.signal));
    Promise.all([
      workflow && me.isApprover ? count('/api/v2/my/speachWorkflowToValidate') : none,
      workflow && me.isAuthor ? count('/api/v2/my/speachInWorkflowValidation') : none,
      settle(cardsApi.unreadCount(controller.signal)),
      flags.periodicReviewEnabled === true ? count('/api/v2/my/periodicReviewsNearing') : none,
      workflow && me.isApprover ? count('/api/v2/my/speachToReview') : none,
    ]).then(([toValidate, awaiting, unread, periodicReviews, toReview]) => {
      if (!controller.signal.aborted) setCounts({ toValidate, awaiting, unread, periodicReviews, toReview });
    });
    return () => controller.abort();
  }, [me.isApprover, me.isAuthor, workflow, flags.periodicReviewEnabled]);

  if (!counts) return null;
  const cards = getStartedCards(
    {
      isAdmin: me.isAdmin,
      isAuthor: me.isAuthor,
      isApprover: me.isApprover,
      isAiEditor: me.isAiEditor,
      dismissed,
      workflowEnabled: workflow,
      periodicReviewEnabled: flags.periodicReviewEnabled === true,
      aiLicenseAvailable: flags.aiLicenseAvailable === true,
    },
    counts,
  );
  if (!showGetStarted(cards, counts)) return null;

  const dismiss = async () => {
    setDismissed((d) => [...d, 'USER']);
    try {
      await cardsApi.dismissGetStarted('USER');
      onDismissed();
    } catch {
      setDismissed((d) => d.filter((x) => x !== 'USER'));
    }
  };

  return (
    <Box component="section" aria-labelledby="get-started" sx={{ mt: 3 }}>
      <Typography id="get-started" variant="h5" component="h2" gutterBottom>
        {t('home.getStarted.title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        {cards.map((card) => {
          const key = COUNT_KEY[card];
          const label = t(`home.getStarted.${card}`, { count: key ? (counts[key] ?? 0) : 0 });
          const target = TARGETS[card];
          return (
            <Card key={card} variant="outlined" component="article" aria-label={label} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="subtitle1" component="h3">
                  {label}
                </Typography>
                {card === 'IMPORT_USERS' && (
                  <Tooltip title={t('home.getStarted.close')}>
                    <IconButton size="small" aria-label={t('home.getStarted.close')} onClick={() => void dismiss()}>
                      <Close fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </CardContent>
              <CardActions>
                {target.external ? (
                  <Button href={target.to} aria-label={`${t('home.getStarted.open')}: ${label}`}>
                    {t('home.getStarted.open')}
                  </Button>
                ) : (
                  <Button component={RouterLink} to={target.to} aria-label={`${t('home.getStarted.open')}: ${label}`}>
                    {t('home.getStarted.open')}
                  </Button>
                )}
              </CardActions>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
