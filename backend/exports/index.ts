/** The exports context's public face: the only module other contexts, the seed and the app module import. */
export { ExportsModule } from './exports.module';
