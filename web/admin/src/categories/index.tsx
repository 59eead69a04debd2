import CategoryIcon from '@mui/icons-material/Category';
import {
  Create,
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  required,
} from 'react-admin';

function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
    </SimpleForm>
  );
}

export default {
  list: () => (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <DateField source="createdAt" />
        <DeleteWithConfirmButton />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <CategoryForm />
    </Create>
  ),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
