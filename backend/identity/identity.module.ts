import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin/admin-users.controller';
import { AdminUsersService } from './admin/admin-users.service';
import { CategoriesRestController } from './organisation/categories-rest.controller';
import { CustomFieldsRestController } from './organisation/custom-fields-rest.controller';
import { GroupsRestController } from './organisation/organisation-rest.controller';
import { OrganisationService } from './organisation/organisation.service';
import { UserImportController } from './import/user-import.controller';
import { UserImportService } from './import/user-import.service';
import { TermsController } from './terms/terms.controller';
import { TermsService } from './terms/terms.service';
import { UserDirectoryController } from './user-directory.controller';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth/auth.controller';
import { AuthGuard } from './auth/auth.guard';
import { AuthService } from './auth/auth.service';
import { LoginThrottle } from './auth/login-throttle';
import { PasswordHasher } from './auth/password-hasher';
import { SessionActors } from './auth/session-actors';
import { UserRegistrationService } from './user-registration.service';
import { UsersRestController } from './users-rest.controller';
import { SetPasswordController } from './password-link/set-password.controller';
import { SetPasswordService } from './password-link/set-password.service';

@Module({
  controllers: [
    AuthController,
    UsersRestController,
    AdminUsersController,
    UserDirectoryController,
    GroupsRestController,
    CategoriesRestController,
    CustomFieldsRestController,
    TermsController,
    UserImportController,
    SetPasswordController,
  ],
  providers: [
    AuthService,
    LoginThrottle,
    PasswordHasher,
    SessionActors,
    UserRegistrationService,
    AdminUsersService,
    OrganisationService,
    TermsService,
    UserImportService,
    SetPasswordService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, PasswordHasher, UserRegistrationService, AdminUsersService, OrganisationService, TermsService],
})
export class IdentityModule {}
