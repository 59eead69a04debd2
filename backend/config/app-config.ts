import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAIL_LANGUAGES, type MailLanguage } from '../../events';
import { type AiConfig, loadAiConfig } from './ai-config';
import { type MediaConfig, loadMediaConfig } from './media-config';
import { type MediaTextConfig, loadMediaTextConfig } from './media-text-config';

/** Feature flags of spec §6, exposed to the web apps through /api/auth/me. */
export type { FeatureFlags } from './feature-flags.view';
import type { FeatureFlags } from './feature-flags.view';

export type AppRole = 'api' | 'projector' | 'all';
export const APP_ROLES: readonly AppRole[] = ['api', 'projector', 'all'];

export interface AppConfig {
  /** `api` serves HTTP only, `projector` runs the projections, policies and job workers under a lease, `all` both (one process). */
  appRole: AppRole;
  /** How long a projector's lease lasts without renewal: how soon a standby takes over a dead projector's work. */
  leaseTtlMs: number;
  /** Bound on an orderly stop (SIGTERM/SIGINT): in-flight requests, the batch under way, leases, stores. */
  shutdownTimeoutMs: number;
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl?: string;
  mongoUrl?: string;
  mongoDb: string;
  kafkaBrokers?: string[];
  kafkaTopic: string;
  demoPassword: string;
  seed: 'demo' | 'none';
  readYourWritesTimeoutMs: number;
  /** AI editor licences: how many users may hold the AI_EDITOR role at once. */
  aiLicenses: number;
  sessionTtlHours: number;
  cookieSecure: boolean;
  /** Fastify's trustProxy: whose X-Forwarded-For/-Host to believe (the client address counts for throttling). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  logLevel: string;
  webRoot: string;
  /** Largest file an author may upload into a chapter (video, audio, PDF). */
  maxUploadBytes: number;
  /** How often the time-driven policies (digests, due dates, recertification reminders) look for due work; 0: only when asked. */
  policyTickMs: number;
  /** HMAC key of the audit chain's signed head (and what short-lived file URLs are signed with); null: a key file in DATA_DIR. */
  auditKey: string | null;
  featureFlags: FeatureFlags;
  /** Brute-force limits (issue 16): failed login and access-code attempts per account and per client address. */
  throttle: {
    windowSeconds: number;
    loginPerAccount: number;
    loginPerAddress: number;
    accessCodePerAccount: number;
    accessCodePerAddress: number;
    /** Failed electronic signatures per user within the window (issue 23). */
    signaturePerAccount: number;
  };
  /** How long, and how many, Idempotency-Key answers are kept for retries (issue 16 item 11). */
  idempotency: { ttlHours: number; maxKeys: number };
  /** FORMATEUR badge: an author earns it when a speach of theirs reaches this many learners. */
  badgeTrainerLearners: number;
  /** Outgoing mail (issue 19): SMTP when `smtpUrl` is set, `.eml` files under DATA_DIR/mail otherwise. */
  mail: {
    smtpUrl?: string;
    from: string;
    /** Where the links in mails point (the learner app's address as users reach it). */
    publicUrl: string;
    /** HMAC key of the unsubscribe links; null: derived from the audit key. */
    linkKey: string | null;
    /** The language of a user's mails until the learner app reports theirs. */
    defaultLanguage: MailLanguage;
    /** How long a set-password link works (SET_PASSWORD_LINK_HOURS). */
    setPasswordLinkHours: number;
  };
  /** AI authoring (issue 21): provider, budgets, document parsing. */
  ai: AiConfig;
  /** Metrics and traces (issue 25, docs/observability.md). */
  observability: {
    /** Bearer token that opens /metrics to other hosts; null: localhost only. */
    metricsToken: string | null;
    /** OTLP/HTTP collector base URL; traces are off without it. */
    otlpEndpoint?: string;
    serviceName: string;
  };
  media: MediaConfig;
  /** Subtitles, transcripts, AI avatar time (issue 22). */
  mediaText: MediaTextConfig;
}

type Env = Record<string, string | undefined>;

/** `web/` of the repository, from the compiled (dist/backend/config) or the source (backend/config) location. */
function defaultWebRoot(): string {
  const candidates = [resolve(__dirname, '..', '..', '..', 'web'), resolve(__dirname, '..', '..', 'web')];
  return candidates.find((dir) => existsSync(resolve(dir, 'learner'))) ?? candidates[0];
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** `true`/`false`, a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed). */
function trustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Every setting comes from the environment; README.md has the table. */
export function loadConfig(env: Env = process.env): AppConfig {
  const passwordMinLength = int(env, 'PASSWORD_MIN_LENGTH', 8);
  const passwordMaxLength = int(env, 'PASSWORD_MAX_LENGTH', 64);
  if (passwordMinLength > passwordMaxLength) throw new Error('PASSWORD_MIN_LENGTH must not exceed PASSWORD_MAX_LENGTH');
  const seed = env.SEED ?? 'demo';
  const mailLanguage = env.MAIL_DEFAULT_LANGUAGE ?? 'en';
  if (!(MAIL_LANGUAGES as readonly string[]).includes(mailLanguage))
    throw new Error(`MAIL_DEFAULT_LANGUAGE must be one of ${MAIL_LANGUAGES.join(', ')}, got "${mailLanguage}"`);
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", got "${seed}"`);
  const appRole = env.APP_ROLE || 'all';
  if (!(APP_ROLES as readonly string[]).includes(appRole)) throw new Error(`APP_ROLE must be one of ${APP_ROLES.join(', ')}, got "${appRole}"`);
  return {
    appRole: appRole as AppRole,
    leaseTtlMs: Math.max(500, int(env, 'LEASE_TTL_MS', 5000)),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    port: int(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongoUrl: env.MONGO_URL || undefined,
    mongoDb: env.MONGO_DB ?? 'speach',
    kafkaBrokers: env.KAFKA_BROKERS
      ? env.KAFKA_BROKERS.split(',')
          .map((b) => b.trim())
          .filter(Boolean)
      : undefined,
    kafkaTopic: env.KAFKA_TOPIC ?? 'speach.events',
    demoPassword: env.DEMO_PASSWORD ?? 'demo-password',
    seed,
    readYourWritesTimeoutMs: int(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 2000),
    badgeTrainerLearners: Math.max(1, int(env, 'BADGE_TRAINER_LEARNERS', 10)),
    aiLicenses: int(env, 'AI_LICENSES', 5),
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 12),
    cookieSecure: bool(env, 'COOKIE_SECURE', false),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: resolve(env.WEB_ROOT ?? defaultWebRoot()),
    maxUploadBytes: int(env, 'MAX_UPLOAD_BYTES', 200 * 1024 * 1024),
    policyTickMs: int(env, 'POLICY_TICK_MS', 60_000),
    auditKey: env.AUDIT_KEY || null,
    featureFlags: {
      workflowEnabled: bool(env, 'WORKFLOW_ENABLED', true),
      scormClassicEnabled: bool(env, 'SCORM_CLASSIC_ENABLED', false),
      pinnedEnabled: bool(env, 'PINNED_ENABLED', true),
      periodicReviewEnabled: bool(env, 'PERIODIC_REVIEW_ENABLED', true),
      aiLicenseAvailable: int(env, 'AI_LICENSES', 5) > 0,
      userPasswordIsEditable: bool(env, 'USER_PASSWORD_IS_EDITABLE', true),
      commentsEnabled: bool(env, 'COMMENTS_ENABLED', true),
      footerEnabled: bool(env, 'FOOTER_ENABLED', true),
      delayEnabled: bool(env, 'DELAY_ENABLED', true),
      passwordMinLength,
      passwordMaxLength,
    },
    throttle: {
      windowSeconds: int(env, 'THROTTLE_WINDOW_SECONDS', 900),
      loginPerAccount: int(env, 'LOGIN_ATTEMPTS_PER_ACCOUNT', 10),
      loginPerAddress: int(env, 'LOGIN_ATTEMPTS_PER_ADDRESS', 50),
      accessCodePerAccount: int(env, 'ACCESS_CODE_ATTEMPTS_PER_ACCOUNT', 10),
      accessCodePerAddress: int(env, 'ACCESS_CODE_ATTEMPTS_PER_ADDRESS', 50),
      signaturePerAccount: int(env, 'SIGNATURE_ATTEMPTS_PER_ACCOUNT', 5),
    },
    idempotency: {
      ttlHours: int(env, 'IDEMPOTENCY_TTL_HOURS', 24),
      maxKeys: int(env, 'IDEMPOTENCY_MAX_KEYS', 100_000),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || 'Speach platform <no-reply@speach.local>',
      publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env, 'PORT', 3000)}`).replace(/\/+$/, ''),
      linkKey: env.MAIL_LINK_KEY || null,
      defaultLanguage: mailLanguage as MailLanguage,
      setPasswordLinkHours: int(env, 'SET_PASSWORD_LINK_HOURS', 72),
    },
    ai: loadAiConfig(env),
    observability: {
      metricsToken: env.METRICS_TOKEN || null,
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
      serviceName: env.OTEL_SERVICE_NAME || 'speach-platform',
    },
    media: loadMediaConfig(env),
    mediaText: loadMediaTextConfig(env),
  };
}

export const APP_CONFIG = Symbol('AppConfig');
