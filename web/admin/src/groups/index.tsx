import GroupsIcon from '@mui/icons-material/Groups';
import {
  ChipField,
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  List,
  NumberField,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  SearchInput,
  SelectArrayInput,
  SimpleForm,
  SingleFieldList,
  TextField,
  TextInput,
  maxLength,
  minValue,
  required,
} from 'react-admin';

/** /administration/listGroupe, and the group-to-categories association of spec §2. */
function GroupForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <TextInput source="description" multiline validate={maxLength(1000)} fullWidth />
      <NumberInput source="order" validate={minValue(0)} />
      <ReferenceArrayInput source="categoryIds" reference="categories" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
        <SelectArrayInput optionText="name" />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}

function GroupList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="description" />
        <NumberField source="order" />
        <NumberField source="memberCount" sortable={false} />
        <ReferenceArrayField source="categoryIds" reference="categories" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
        <DeleteWithConfirmButton />
      </Datagrid>
    </List>
  );
}

export default {
  list: GroupList,
  edit: () => (
    <Edit mutationMode="pessimistic">
      <GroupForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <GroupForm />
    </Create>
  ),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};
