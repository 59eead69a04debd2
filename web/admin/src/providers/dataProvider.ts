import simpleRestProvider from 'ra-data-simple-rest';
import { withLearningPaths } from '../learningPaths/api';
import { httpClient } from './httpClient';

export const dataProvider = withLearningPaths(simpleRestProvider('/api/rest', httpClient));
