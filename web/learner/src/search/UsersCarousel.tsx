import { Avatar, Box, Button, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserResult } from '../cards/cardsApi';
import { titleSlug } from '../cards/card-rules';
import { useI18n } from '../i18n';
import { usersPerView } from './search-rules';

/** Spec §2/§9 users carousel: 1 to 4 people by width, arrows move by a view, the parent loads more. */
export function UsersCarousel({
  users,
  total,
  position,
  onMove,
}: {
  users: UserResult[];
  total: number;
  position: number;
  onMove: (position: number) => void;
}) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement | null>(null);
  const [perView, setPerView] = useState(4);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => setPerView(usersPerView(node.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const visible = users.slice(position, position + perView);
  return (
    <Box ref={box} component="section" aria-labelledby="search-users" sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="search-users" variant="h6" component="h2">
          {t('search.users')}
        </Typography>
        <Box>
          <IconButton aria-label={t('search.users.previous')} disabled={position === 0} onClick={() => onMove(Math.max(0, position - perView))}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={t('search.users.next')} disabled={position + perView >= total} onClick={() => onMove(position + perView)}>
            <ChevronRight />
          </IconButton>
        </Box>
      </Stack>
      {users.length === 0 ? (
        <Typography>{t('search.noUsers')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${perView}, 1fr)`, gap: 2 }}>
          {visible.map((user) => (
            <PersonCard key={user.id} user={user} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function PersonCard({ user }: { user: UserResult }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Card variant="outlined">
      <CardActionArea
        component={RouterLink}
        to={`/profil/${encodeURIComponent(user.id)}/${titleSlug(name)}`}
        sx={{ p: 1.5, display: 'flex', gap: 1.5, justifyContent: 'flex-start' }}
      >
        <Avatar src={user.img ?? undefined} alt="" sx={{ width: 48, height: 48, bgcolor: 'primary.dark' }}>
          {(user.firstName[0] ?? '?').toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** The results page's users bar: every person found, a page more on demand. */
export function UsersList({ users, total, onMore }: { users: UserResult[]; total: number; onMore: () => void }) {
  const { t } = useI18n();
  if (users.length === 0) return <Typography>{t('search.noUsers')}</Typography>;
  return (
    <>
      <Box
        component="ul"
        aria-label={t('search.users')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}
      >
        {users.map((user) => (
          <li key={user.id}>
            <PersonCard user={user} />
          </li>
        ))}
      </Box>
      {users.length < total && (
        <Button sx={{ mt: 2 }} onClick={onMore}>
          {t('grid.more')}
        </Button>
      )}
    </>
  );
}
