import type { CustomFieldEvent, CustomFieldLabels } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export const CUSTOM_FIELD_TEXT_MAX = 100;

export type CustomFieldState = { status: 'none' } | ({ status: 'active' | 'deleted' } & CustomFieldLabels);
export type CustomFieldCommand =
  | ({ type: 'DefineCustomField'; customFieldId: string } & CustomFieldLabels)
  | ({ type: 'ChangeCustomField'; customFieldId: string } & CustomFieldLabels)
  | { type: 'DeleteCustomField'; customFieldId: string };

/** The name is required; an empty label falls back to the name when displayed. */
function checkLabels(command: CustomFieldLabels): CustomFieldLabels {
  const labels = {
    name: command.name.trim(),
    labelEn: command.labelEn.trim(),
    labelFr: command.labelFr.trim(),
    labelEs: command.labelEs.trim(),
    labelDe: command.labelDe.trim(),
  };
  if (!labels.name) throw new ValidationError('name', 'name must not be empty');
  for (const [field, value] of Object.entries(labels)) {
    if (value.length > CUSTOM_FIELD_TEXT_MAX) throw new ValidationError(field, `${field} must be at most ${CUSTOM_FIELD_TEXT_MAX} characters`);
  }
  return labels;
}

export const customFieldDecider: Decider<CustomFieldState, CustomFieldCommand, CustomFieldEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'DefineCustomField':
        if (state.status !== 'none') throw new IllegalStateError('This custom field already exists');
        return [{ type: 'CustomFieldDefined', data: { customFieldId: command.customFieldId, ...checkLabels(command) } }];
      case 'ChangeCustomField': {
        if (state.status !== 'active') throw new NotFoundError('Unknown custom field');
        const labels = checkLabels(command);
        const same = (Object.keys(labels) as (keyof CustomFieldLabels)[]).every((k) => labels[k] === state[k]);
        return same ? [] : [{ type: 'CustomFieldChanged', data: { customFieldId: command.customFieldId, ...labels } }];
      }
      case 'DeleteCustomField':
        if (state.status !== 'active') throw new NotFoundError('Unknown custom field');
        return [{ type: 'CustomFieldDeleted', data: { customFieldId: command.customFieldId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CustomFieldDefined':
      case 'CustomFieldChanged': {
        const { customFieldId: _, ...labels } = event.data;
        return { status: 'active', ...labels };
      }
      case 'CustomFieldDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
