export { SideBySideLines } from './SideBySideLines';
