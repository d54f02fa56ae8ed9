import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { readBrandingSettings, type TBranding } from '../shared/branding.js';
import { OFFICIAL_WAIT_TIMES_URL } from '../shared/visa-wait-times.js';
import type { DatabaseLocation } from './db/client.js';

/** DATA_KEY: 32 bytes as 64 hexadecimal characters (`openssl rand -hex 32`). */
export const DATA_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;

/** A VAPID key pair as `web-push generate-vapid-keys` prints it: base64url, 65 and 32 bytes. */
const VAPID_PUBLIC_KEY_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_ORIGIN: z
    .url()
    .refine(
      (v) => URL.canParse(v) && new URL(v).origin === v.replace(/\/$/, ''),
      'must be an origin only, like https://portal.example.com',
    )
    .optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_KEY: z
    .string()
    .regex(DATA_KEY_PATTERN, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  DEMO_MODE: booleanFlag.optional(),
  SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(720),
  TRUST_PROXY: z.string().optional(),
  CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VERIFF_API_KEY: z.string().trim().min(1).optional(),
  VERIFF_SHARED_SECRET: z.string().trim().min(1).optional(),
  VERIFF_BASE_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .default('https://stationapi.veriff.com'),
  SIMULATED_IDENTITY_PROVIDER: booleanFlag.optional(),
  API_DOCS: booleanFlag.default(true),
  VISA_WAIT_TIMES_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .default(OFFICIAL_WAIT_TIMES_URL),
  VISA_WAIT_TIMES_REFRESH_HOURS: z.coerce
    .number()
    .refine((v) => v === 0 || (v >= 1 && v <= 720), 'must be 0 (off) or from 1 to 720 hours')
    .optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  EMAIL_OFF: booleanFlag.optional(),
  NOTIFICATION_WORKER: booleanFlag.optional(),
  NOTIFICATION_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(VAPID_PUBLIC_KEY_PATTERN, 'must be an uncompressed P-256 public key in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(VAPID_PRIVATE_KEY_PATTERN, 'must be a 32-byte P-256 private key in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .url()
    .refine((v) => /^(https:\/\/|mailto:)/.test(v), 'must be an https:// URL or a mailto: address')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in DATA_DIR. */
  database: DatabaseLocation;
  publicOrigin: string;
  tokenSecret: string;
  dataKey: Buffer;
  demoMode: boolean;
  sessionTtlSeconds: number;
  /** Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed; none by default. */
  trustProxy: string[];
  /** Connections one client (an IPv4 address, an IPv6 /64) may hold open at once; proxies aside. */
  connectionsPerClient: number;
  logLevel: string;
  /** Veriff when its keys are set; otherwise the built-in simulated provider (see below). */
  identityProvider: IdentityProviderConfig;
  /** Whether /api/docs publishes the OpenAPI document (API_DOCS). */
  apiDocs: boolean;
  /**
   * The State Department page the consulate wait times are refreshed from, and how often, in
   * hours; 0 turns the schedule off (the default under NODE_ENV=test, so tests ask for it).
   */
  visaWaitTimes: { sourceUrl: string; refreshHours: number };
  /** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** The BRAND_* settings; the web app bakes in the ones it was built with (README, "Branding"). */
  branding: TBranding;
  /** Where notification e-mail goes: an SMTP server, the local mailbox in DATA_DIR, or nowhere. */
  mail: MailConfig;
  /**
   * Whether this instance delivers notifications (NOTIFICATION_WORKER): every instance does by
   * default, sharing the work; off by default under NODE_ENV=test, whose tests ask for it.
   */
  notificationWorker: boolean;
  /**
   * Seconds before a failed delivery (a refused e-mail, or one whose worker died) is tried again,
   * doubling each time up to an hour (NOTIFICATION_RETRY_SECONDS; tests shorten it).
   */
  notificationRetrySeconds: number;
  /** The VAPID keys web push is signed with, and whom push services may contact about it. */
  push: PushConfig;
}

export interface PushConfig {
  publicKey: string;
  privateKey: string;
  /** An https: URL or a mailto: address (RFC 8292), sent to push services with each message. */
  subject: string;
}

export type MailConfig =
  | { kind: 'smtp'; url: string; from: string }
  | { kind: 'mailbox'; directory: string; from: string }
  | { kind: 'off' };

export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible server (MinIO, R2, ...); AWS itself when undefined. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Undefined: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export type IdentityProviderConfig =
  { kind: 'veriff'; apiKey: string; sharedSecret: string; baseUrl: string } | { kind: 'simulated' };

/**
 * The simulated provider approves anyone who presses a button, so production never falls back to
 * it: there it runs only when SIMULATED_IDENTITY_PROVIDER=true says so.
 */
function identityProviderFrom(
  e: Pick<
    z.infer<typeof ZEnvSchema>,
    'VERIFF_API_KEY' | 'VERIFF_SHARED_SECRET' | 'VERIFF_BASE_URL' | 'SIMULATED_IDENTITY_PROVIDER'
  >,
  production: boolean,
): IdentityProviderConfig {
  if (e.SIMULATED_IDENTITY_PROVIDER === true) return { kind: 'simulated' };
  if (e.VERIFF_API_KEY && e.VERIFF_SHARED_SECRET) {
    return {
      kind: 'veriff',
      apiKey: e.VERIFF_API_KEY,
      sharedSecret: e.VERIFF_SHARED_SECRET,
      baseUrl: e.VERIFF_BASE_URL.replace(/\/$/, ''),
    };
  }
  const missing = (['VERIFF_API_KEY', 'VERIFF_SHARED_SECRET'] as const).filter((k) => !e[k]);
  if (production || e.SIMULATED_IDENTITY_PROVIDER === false || missing.length === 1) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set${production ? ' in production' : ''} (or SIMULATED_IDENTITY_PROVIDER=true to use the simulated identity provider)`,
    );
  }
  return { kind: 'simulated' };
}

type StorageEnv = Pick<
  z.infer<typeof ZEnvSchema>,
  | 'STORAGE_DRIVER'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * Files go to DATA_DIR unless STORAGE_DRIVER=s3. S3 settings without that driver are refused:
 * on a container's throwaway disk, students' documents would silently vanish at the next deploy.
 */
function storageFrom(e: StorageEnv, dataDir: string): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') {
    const stray = S3_SETTINGS.filter((k) => e[k] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but STORAGE_DRIVER is not s3 (set STORAGE_DRIVER=s3, or remove the S3 settings)`,
      );
    }
    return { driver: 'local', directory: join(dataDir, 'files') };
  }
  const missing: string[] = (['S3_BUCKET', 'S3_REGION'] as const).filter((k) => !e[k]);
  const absentKeys = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  // The two keys come as a pair; neither means the SDK's own credential chain.
  if (absentKeys.length === 1) missing.push(...absentKeys);
  const { S3_BUCKET: bucket, S3_REGION: region } = e;
  if (!bucket || !region || missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set when STORAGE_DRIVER=s3`,
    );
  }
  return {
    driver: 's3',
    bucket,
    region,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * E-mail goes through SMTP_URL. Without it, outside production, it goes to a mailbox folder in
 * DATA_DIR that administrators read at /staff/mail, so a fresh clone shows notifications working;
 * production refuses to start without it unless EMAIL_OFF=true says no e-mail is wanted.
 */
function mailFrom(
  e: Pick<z.infer<typeof ZEnvSchema>, 'SMTP_URL' | 'MAIL_FROM' | 'EMAIL_OFF'>,
  production: boolean,
  context: { dataDir: string; publicOrigin: string; brandName: string },
): MailConfig {
  if (e.EMAIL_OFF === true) return { kind: 'off' };
  const from =
    e.MAIL_FROM ?? `${context.brandName} <no-reply@${new URL(context.publicOrigin).hostname}>`;
  if (e.SMTP_URL) return { kind: 'smtp', url: e.SMTP_URL, from };
  if (production) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL must be set in production (or EMAIL_OFF=true to send no e-mail)',
    );
  }
  return { kind: 'mailbox', directory: join(context.dataDir, 'mailbox'), from };
}

/**
 * Web push signs each message with the VAPID key pair: the browser subscribed with its public
 * half, so a new pair silences every subscription. Production refuses to start without the pair;
 * outside production it is generated once into DATA_DIR (the development secrets below). The
 * subject defaults to PUBLIC_ORIGIN when it is https, to a mailto: address of its host otherwise.
 */
function pushFrom(
  e: Pick<z.infer<typeof ZEnvSchema>, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  context: { keys: VapidKeys | undefined; publicOrigin: string },
): PushConfig {
  const publicKey = e.VAPID_PUBLIC_KEY ?? context.keys?.VAPID_PUBLIC_KEY ?? '';
  const privateKey = e.VAPID_PRIVATE_KEY ?? context.keys?.VAPID_PRIVATE_KEY ?? '';
  if (!isVapidPair(publicKey, privateKey)) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair (make one with `npx web-push generate-vapid-keys`)',
    );
  }
  const origin = new URL(context.publicOrigin);
  const subject =
    e.VAPID_SUBJECT ??
    (origin.protocol === 'https:' ? context.publicOrigin : `mailto:no-reply@${origin.hostname}`);
  return { publicKey, privateKey, subject };
}

/** Whether the public key is the private key's own: a mismatch would sign what no browser accepts. */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

/**
 * Settings that start a server but that no operator should leave on by mistake: logged loudly at
 * start-up and shown in /readyz, where whoever watches the instances sees them.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.identityProvider.kind === 'simulated') {
    warnings.push(
      'SIMULATED_IDENTITY_PROVIDER=true in production: anyone passes the identity check by pressing Approve. Set the Veriff keys and remove it.',
    );
  }
  if (config.env === 'production' && config.mail.kind === 'off') {
    warnings.push(
      'EMAIL_OFF=true in production: students and staff get no e-mail (no invites, no notices). Set SMTP_URL and remove it.',
    );
  }
  return warnings;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface VapidKeys {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
}

interface DevSecrets extends VapidKeys {
  TOKEN_SECRET: string;
  DATA_KEY: string;
}

function newVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
  };
}

/**
 * Outside production a fresh clone must start with no setup, yet tokens and encrypted fields must
 * survive a restart: so missing secrets are generated once and kept in DATA_DIR.
 */
const devSecretsFile = (dataDir: string) => join(dataDir, 'dev-secrets.json');

function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = devSecretsFile(dataDir);
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>)
    : undefined;
  // A data directory from before web push has its other secrets already: only the keys are added.
  if (kept?.TOKEN_SECRET && kept.DATA_KEY && kept.VAPID_PUBLIC_KEY && kept.VAPID_PRIVATE_KEY) {
    return kept as DevSecrets;
  }
  const secrets: DevSecrets = {
    TOKEN_SECRET: randomBytes(32).toString('base64url'),
    DATA_KEY: randomBytes(32).toString('hex'),
    ...newVapidKeys(),
    ...kept,
  };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * After `rotate-data-key`: when DATA_DIR/dev-secrets.json holds the key that was rotated, the new
 * key replaces it (written whole, then renamed into place), so a server started without DATA_KEY
 * reads the rotated data. Answers whether it did.
 */
export function replaceDevDataKey(dataDir: string, oldKey: Buffer, newKey: Buffer): boolean {
  const file = devSecretsFile(dataDir);
  if (!existsSync(file)) return false;
  const secrets = JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  if (secrets.DATA_KEY.toLowerCase() !== oldKey.toString('hex')) return false;
  const draft = `${file}.new`;
  const updated = { ...secrets, DATA_KEY: newKey.toString('hex') };
  writeFileSync(draft, JSON.stringify(updated, null, 2), { mode: 0o600 });
  renameSync(draft, file);
  return true;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)
    .join('; ');
}

/** Reads and validates the settings; a bad or missing value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  if (production) {
    const missing = (['TOKEN_SECRET', 'DATA_KEY', 'PUBLIC_ORIGIN'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missing.join(', ')} must be set in production`,
      );
    }
    const missingPush = (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const).filter((k) => !e[k]);
    if (missingPush.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missingPush.join(', ')} must be set in production (make a pair with \`npx web-push generate-vapid-keys\`)`,
      );
    }
    // Demo login hands a session for a seeded student to anyone who asks (ASVS 5.0 V13.4).
    if (e.DEMO_MODE === true) {
      throw new ConfigError(
        'Invalid configuration: DEMO_MODE cannot be true in production: demo login signs anyone in as a seeded student',
      );
    }
  }
  const dataDir = resolve(e.DATA_DIR);
  const needsDevSecrets =
    !e.TOKEN_SECRET || !e.DATA_KEY || !e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY;
  const devSecrets = needsDevSecrets ? loadOrCreateDevSecrets(dataDir) : undefined;

  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const branding = brandingFrom(env);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir },
    publicOrigin,
    tokenSecret: e.TOKEN_SECRET ?? devSecrets?.TOKEN_SECRET ?? '',
    dataKey: Buffer.from(e.DATA_KEY ?? devSecrets?.DATA_KEY ?? '', 'hex'),
    demoMode: e.DEMO_MODE ?? !production,
    sessionTtlSeconds: e.SESSION_TTL_MINUTES * 60,
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    connectionsPerClient: e.CONNECTIONS_PER_CLIENT,
    logLevel: e.LOG_LEVEL,
    identityProvider: identityProviderFrom(e, production),
    apiDocs: e.API_DOCS,
    visaWaitTimes: {
      sourceUrl: e.VISA_WAIT_TIMES_URL,
      refreshHours: e.VISA_WAIT_TIMES_REFRESH_HOURS ?? (e.NODE_ENV === 'test' ? 0 : 24),
    },
    storage: storageFrom(e, dataDir),
    branding,
    mail: mailFrom(e, production, { dataDir, publicOrigin, brandName: branding.productName }),
    notificationWorker: e.NOTIFICATION_WORKER ?? e.NODE_ENV !== 'test',
    notificationRetrySeconds: e.NOTIFICATION_RETRY_SECONDS,
    push: pushFrom(e, { keys: devSecrets, publicOrigin }),
  };
}

function brandingFrom(env: NodeJS.ProcessEnv): TBranding {
  try {
    return readBrandingSettings(env);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new ConfigError(`Invalid configuration: ${error.message}`);
  }
}
