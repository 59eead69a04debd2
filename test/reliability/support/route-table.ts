import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { Role } from '../../../events';
import { PUBLIC_KEY, ROLES_KEY } from '../../../backend/infrastructure/http/auth.decorators';

/** One route as Nest's router registered it, with the guards' metadata. */
export interface NestRoute {
  /** `METHOD /path/{param}`, the OpenAPI spelling. */
  key: string;
  isPublic: boolean;
  roles: Role[];
}

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every controller method of the running application: the route table the authorisation matrix is checked against. */
export function nestRoutes(app: INestApplication): NestRoute[] {
  const routes: NestRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || method === undefined) continue;
        const roles = (Reflect.getMetadata(ROLES_KEY, handler) ?? Reflect.getMetadata(ROLES_KEY, controller) ?? []) as Role[];
        const isPublic = Boolean(Reflect.getMetadata(PUBLIC_KEY, handler) ?? Reflect.getMetadata(PUBLIC_KEY, controller));
        for (const prefix of prefixes) {
          for (const path of ([] as string[]).concat(paths)) {
            const openApiPath = join(prefix, path).replace(/:(\w+)/g, '{$1}');
            routes.push({ key: `${RequestMethod[method]} ${openApiPath}`, isPublic, roles });
          }
        }
      }
    }
  }
  return routes;
}
