import SlideshowIcon from '@mui/icons-material/Slideshow';
import { SpeachList } from './SpeachList';

export default { list: SpeachList, icon: SlideshowIcon, recordRepresentation: 'title' };
