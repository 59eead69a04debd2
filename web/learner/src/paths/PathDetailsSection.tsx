import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Image from '@mui/icons-material/Image';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { PATH_DESCRIPTION_MAX, PATH_TITLE_MAX, detailsError } from './path-rules';

/** The editable details, as the editor shows them. */
export interface DetailsValue {
  pathId?: string;
  title: string;
  description: string;
  image: string | null;
}

interface Props {
  details: DetailsValue;
  /** Pictures to offer: those of the path's speaches. */
  pictures: { src: string; label: string }[];
  busy: boolean;
  serverErrors: Record<string, string>;
  onSave: (details: DetailsValue) => Promise<void>;
}

/** Spec §2 details: title (100) and description (1000) with counters, saved on blur, and the picture chooser. */
export function PathDetailsSection({ details, pictures, busy, serverErrors, onSave }: Props) {
  const { t } = useI18n();
  const [title, setTitle] = useState(details.title);
  const [description, setDescription] = useState(details.description);
  const [choosing, setChoosing] = useState(false);
  useEffect(() => setTitle(details.title), [details.title]);
  useEffect(() => setDescription(details.description), [details.description]);

  const titleError = detailsError('title', title);
  const descriptionError = detailsError('description', description);
  const titleMessage =
    titleError === 'required'
      ? t('path.details.titleRequired')
      : titleError === 'tooLong'
        ? t('path.details.tooLong', { max: PATH_TITLE_MAX })
        : serverErrors.title;
  const descriptionMessage = descriptionError ? t('path.details.tooLong', { max: PATH_DESCRIPTION_MAX }) : serverErrors.description;

  const saveIfChanged = (next: DetailsValue) => {
    if (detailsError('title', next.title) || detailsError('description', next.description)) return;
    if (next.title.trim() === details.title && next.description === details.description && next.image === details.image) return;
    void onSave({ ...next, title: next.title.trim() });
  };

  return (
    <Stack spacing={2}>
      <TextField
        label={t('path.details.title')}
        value={title}
        required
        onChange={(e) => setTitle(e.target.value)}
        onBlur={() => saveIfChanged({ ...details, title, description })}
        error={!!titleMessage && title !== ''}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{title !== '' || serverErrors.title ? titleMessage : t('path.details.titleHelp')}</span>
            <span aria-label={t('path.details.counter', { count: title.length, max: PATH_TITLE_MAX })}>{`${title.length}/${PATH_TITLE_MAX}`}</span>
          </Box>
        }
        slotProps={{ htmlInput: { maxLength: PATH_TITLE_MAX } }}
      />
      <TextField
        label={t('path.details.description')}
        value={description}
        multiline
        minRows={3}
        onChange={(e) => setDescription(e.target.value)}
        onBlur={() => saveIfChanged({ ...details, title, description })}
        disabled={!details.pathId}
        error={!!descriptionMessage}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{descriptionMessage}</span>
            <span
              aria-label={t('path.details.counter', { count: description.length, max: PATH_DESCRIPTION_MAX })}
            >{`${description.length}/${PATH_DESCRIPTION_MAX}`}</span>
          </Box>
        }
        slotProps={{ htmlInput: { maxLength: PATH_DESCRIPTION_MAX } }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={details.image ?? undefined} alt="" sx={{ width: 96, height: 64 }}>
          <Image aria-hidden="true" />
        </Avatar>
        <Button variant="outlined" disabled={busy || !details.pathId} onClick={() => setChoosing(true)}>
          {t('path.details.choosePicture')}
        </Button>
        {details.image && (
          <Button disabled={busy} onClick={() => saveIfChanged({ ...details, title, description, image: null })}>
            {t('path.details.removePicture')}
          </Button>
        )}
      </Stack>
      <PictureChooser
        open={choosing}
        pictures={pictures}
        current={details.image}
        onClose={() => setChoosing(false)}
        onChoose={(image) => {
          setChoosing(false);
          saveIfChanged({ ...details, title, description, image });
        }}
      />
    </Stack>
  );
}

function PictureChooser({
  open,
  pictures,
  current,
  onClose,
  onChoose,
}: {
  open: boolean;
  pictures: { src: string; label: string }[];
  current: string | null;
  onClose: () => void;
  onChoose: (src: string) => void;
}) {
  const { t } = useI18n();
  const [url, setUrl] = useState('');
  const validUrl = /^https?:\/\/\S+$/i.test(url.trim()) || url.trim().startsWith('/');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="path-picture-title" maxWidth="sm" fullWidth>
      <DialogTitle id="path-picture-title">{t('path.details.choosePicture')}</DialogTitle>
      <DialogContent>
        {pictures.length === 0 ? (
          <Typography sx={{ mb: 2 }}>{t('path.picture.none')}</Typography>
        ) : (
          <ImageList cols={3} gap={8} sx={{ mt: 0 }}>
            {pictures.map((picture) => (
              <ImageListItem key={picture.src} component="li">
                <Box
                  component="button"
                  type="button"
                  onClick={() => onChoose(picture.src)}
                  aria-pressed={picture.src === current}
                  aria-label={t('path.picture.from', { title: picture.label })}
                  sx={{ p: 0, border: 2, borderColor: picture.src === current ? 'primary.main' : 'transparent', cursor: 'pointer', background: 'none' }}
                >
                  <img src={picture.src} alt="" style={{ width: '100%', height: 96, objectFit: 'cover', display: 'block' }} />
                </Box>
                <ImageListItemBar title={picture.label} position="below" />
              </ImageListItem>
            ))}
          </ImageList>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            type="url"
            label={t('path.picture.url')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button variant="contained" disabled={!validUrl} onClick={() => onChoose(url.trim())}>
            {t('path.picture.use')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('path.common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
