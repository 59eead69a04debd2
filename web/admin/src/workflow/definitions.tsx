import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { Chip, Stack } from '@mui/material';
import type { WorkflowDefinitionView } from '@speach/web-shared/api';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  ChipField,
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  FunctionField,
  List,
  NumberField,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SaveButton,
  SimpleFormIterator,
  SingleFieldList,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  minLength,
  required,
  useTranslate,
} from 'react-admin';

type DefinitionRecord = WorkflowDefinitionView;

/** Name, ordered steps (each a group of approvers, reordered with the iterator's arrows) and the categories it covers. */
function DefinitionForm() {
  const translate = useTranslate();
  // Deleting is done from the list: react-admin's red delete button lacks contrast on the form toolbar (WCAG AA).
  const toolbar = (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
  return (
    <SimpleForm toolbar={toolbar}>
      <TextInput source="name" label="admin.workflow.fields.name" validate={[required(), maxLength(100)]} fullWidth />
      <ArrayInput source="steps" label="admin.workflow.fields.steps" validate={[required(), minLength(1)]} helperText="admin.workflow.stepsHelp">
        <SimpleFormIterator inline getItemLabel={(index) => translate('admin.workflow.stepLabel', { step: index + 1 })}>
          <ReferenceInput source="groupId" reference="groups" perPage={200} sort={{ field: 'order', order: 'ASC' }}>
            <SelectInput optionText="name" label="admin.workflow.fields.group" validate={required()} />
          </ReferenceInput>
        </SimpleFormIterator>
      </ArrayInput>
      <ReferenceArrayInput source="categoryIds" reference="categories" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
        <SelectArrayInput optionText="name" label="admin.workflow.fields.categories" helperText="admin.workflow.categoriesHelp" />
      </ReferenceArrayInput>
      <BooleanInput source="isDefault" label="admin.workflow.fields.isDefault" helperText="admin.workflow.defaultHelp" />
    </SimpleForm>
  );
}

/** The back office's workflow definitions (issue #6 item 1): every save is a new version. */
function DefinitionList() {
  const translate = useTranslate();
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }} title="admin.workflow.title">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="admin.workflow.fields.name" />
        <FunctionField
          label="admin.workflow.fields.steps"
          sortable={false}
          render={(record: DefinitionRecord) => (
            <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
              {record.steps.map((s) => (
                <Chip key={s.order} size="small" label={`${s.order}. ${s.groupName}`} />
              ))}
            </Stack>
          )}
        />
        <ReferenceArrayField source="categoryIds" reference="categories" sortable={false} label="admin.workflow.fields.categories">
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
        <BooleanField source="isDefault" label="admin.workflow.fields.isDefault" sortable={false} />
        <NumberField source="version" label="admin.workflow.fields.version" />
        <DeleteWithConfirmButton confirmTitle={translate('admin.workflow.deleteTitle')} sx={{ color: 'error.dark' }} />
      </Datagrid>
    </List>
  );
}

export default {
  list: DefinitionList,
  edit: () => (
    <Edit mutationMode="pessimistic" title="admin.workflow.title">
      <DefinitionForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list" title="admin.workflow.title">
      <DefinitionForm />
    </Create>
  ),
  icon: AccountTreeIcon,
  recordRepresentation: 'name',
};
