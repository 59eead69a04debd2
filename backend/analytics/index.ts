/** The analytics context's public face: the only module other contexts, the seed and the app module import. */
export { DashboardRankings } from './dashboard-rankings';
export { AnalyticsModule } from './analytics.module';
