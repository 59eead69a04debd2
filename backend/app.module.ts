import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { AiModule } from './ai';
import { AnalyticsModule } from './analytics';
import { HomeModule } from './home';
import { MediaModule } from './media';
import { AuditModule } from './audit';
import type { AppConfig } from './config/app-config';
import { EngagementModule } from './engagement';
import { ExportsModule } from './exports';
import { ForumModule } from './forum';
import { HealthController } from './health/health.controller';
import { PoliciesController } from './health/policies.controller';
import { ProjectionsController } from './health/projections.controller';
import { IdentityModule } from './identity';
import { AllExceptionsFilter } from './infrastructure/http/exception.filter';
import { idempotencyProviders } from './infrastructure/http/idempotency/idempotency.providers';
import { ReadYourWritesInterceptor } from './infrastructure/http/read-your-writes.interceptor';
import { InfrastructureModule, type InfrastructureOptions } from './infrastructure/infrastructure.module';
import { MediaTextModule } from './media-text';
import { PathsModule } from './paths';
import { VideoEditorModule } from './video-editor';
import { GxpModule } from './gxp';
import { DemoActivity } from './seed/demo-activity';
import { DemoSeeder } from './seed/demo-seeder';
import { ScormModule } from './scorm';
import { SiteModule } from './site';
import { SpeachModule } from './speach';
import { WorkflowModule } from './workflow';
import { SignatureModule } from './signature';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: InfrastructureOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, options),
        SiteModule,
        IdentityModule,
        SpeachModule,
        EngagementModule,
        ExportsModule,
        AuditModule,
        AnalyticsModule,
        WorkflowModule,
        ScormModule,
        ForumModule,
        AiModule,
        HomeModule,
        PathsModule,
        MediaModule,
        MediaTextModule,
        VideoEditorModule,
        SignatureModule,
        GxpModule,
      ],
      controllers: [HealthController, ProjectionsController, PoliciesController],
      providers: [
        // The demo seed is wired here, and only here: no context depends on it.
        DemoSeeder,
        DemoActivity,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
        ...idempotencyProviders(!options.adapters),
      ],
    };
  }
}
