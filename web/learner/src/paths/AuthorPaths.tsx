import { Box, Button, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { NEW_PATH_ID, editorAddress } from './path-rules';

/** The author's entry to learning paths on the home, beside their speaches: create one. */
export function AuthorPaths() {
  const { t } = useI18n();
  return (
    <Box component="section" aria-labelledby="author-paths" sx={{ mt: 4 }}>
      <Typography id="author-paths" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('path.mine.title')}
      </Typography>
      <Button component={RouterLink} to={editorAddress(NEW_PATH_ID)} variant="outlined" startIcon={<Add />}>
        {t('path.nav.create')}
      </Button>
    </Box>
  );
}
