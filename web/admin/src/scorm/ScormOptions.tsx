import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ScormType } from './api';

/** The type choice (SCORM_FULL only when classic SCORM is enabled) and the "Navigation in content" toggle. */
export function ScormOptions({
  type,
  onType,
  navigation,
  onNavigation,
  classicEnabled,
  disabled,
}: {
  type: ScormType;
  onType: (t: ScormType) => void;
  navigation: boolean;
  onNavigation: (n: boolean) => void;
  classicEnabled: boolean;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <FormControl disabled={disabled}>
        <FormLabel
          id="scorm-type-label"
          sx={{ color: 'text.primary', '&.Mui-focused': { color: 'text.primary' }, '&.Mui-disabled': { color: 'text.secondary' } }}
        >
          {translate('admin.scorm.type')}
        </FormLabel>
        <RadioGroup aria-labelledby="scorm-type-label" value={type} onChange={(e) => onType(e.target.value as ScormType)}>
          <FormControlLabel value="SCORM_LITE" control={<Radio />} label={translate('admin.scorm.lite')} />
          {classicEnabled && <FormControlLabel value="SCORM_FULL" control={<Radio />} label={translate('admin.scorm.full')} />}
        </RadioGroup>
      </FormControl>
      <FormControlLabel
        control={<Switch checked={navigation} onChange={(e) => onNavigation(e.target.checked)} disabled={disabled} />}
        label={translate('admin.scorm.navigation')}
      />
    </>
  );
}
