import RouteIcon from '@mui/icons-material/Route';
import { LearningPathList } from './LearningPathList';

export default { list: LearningPathList, icon: RouteIcon, recordRepresentation: 'title' };
