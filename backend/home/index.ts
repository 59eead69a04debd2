/** The home context's public face: its module (the app module imports it). */
export { HomeModule } from './home.module';
