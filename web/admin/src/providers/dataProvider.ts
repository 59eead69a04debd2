import type { DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { withLearningPaths } from '../learningPaths/api';
import { httpClient } from './httpClient';

import { mailboxProvider } from '../mailbox/mailboxProvider';

const rest = withLearningPaths(simpleRestProvider('/api/rest', httpClient));

/** The REST data API, except the dev mailbox, which reads the mail calls of the product API. */
export const dataProvider: DataProvider = {
  ...rest,
  getList: (resource, params) => (resource === 'mail' ? mailboxProvider.getList(resource, params) : rest.getList(resource, params)),
  getOne: (resource, params) => (resource === 'mail' ? mailboxProvider.getOne(resource, params) : rest.getOne(resource, params)),
};
