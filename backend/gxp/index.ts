/** The regulated-training context's public face. */
export { GxpModule } from './gxp.module';
