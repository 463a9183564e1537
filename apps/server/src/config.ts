import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Connections each process opens to PostgreSQL at most (`DB_POOL_SIZE`). Few on purpose: a request
 * waits in the pool for a free connection rather than adding a backend that competes for the
 * database's cores (ADR 012, "Pool size"). By default PostgreSQL's rule of thumb, twice the cores
 * plus one (the cores of this machine, where the database usually runs too), at least 3 and at
 * most 10: on 2 cores 5, where the credit call's PostgreSQL CPU per call was a quarter lower than
 * with 10 connections (docs/benchmarks.md, 2026-12-01). Replicas x this should stay near 2-4x the
 * database's cores.
 */
export function defaultDbPoolSize(cores: number = availableParallelism()): number {
  return Math.min(10, Math.max(3, 2 * cores + 1));
}
export const DEFAULT_DB_POOL_SIZE = defaultDbPoolSize();

const boolFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["1", "0", "true", "false", "yes", "no", "on", "off", ""].includes(v), {
    message: "debe ser 1/0, true/false, yes/no u on/off",
  })
  .transform((v) => v === "" || ["1", "true", "yes", "on"].includes(v));

/** A whole number from `min` to `max`, refused in Spanish otherwise ("debe estar entre 1 y 200"). */
const intBetween = (min: number, max: number) =>
  z.coerce
    .number({ error: "debe ser un número entero" })
    .int("debe ser un número entero")
    .min(min, `debe estar entre ${min} y ${max}`)
    .max(max, `debe estar entre ${min} y ${max}`);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "debe ser un número" })
    .int("debe ser un entero")
    .min(0, "debe estar entre 0 y 65535")
    .max(65535, "debe estar entre 0 y 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "no puede estar vacío").default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === "" || /^postgres(ql)?:\/\//.test(v), "debe empezar por postgres:// o postgresql://")
    .optional()
    .transform((v) => (v ? v : undefined)),
  DATA_DIR: z.string().trim().min(1, "no puede estar vacío").default("./data"),
  JWT_SECRET: z
    .string()
    .min(32, "debe tener al menos 32 caracteres")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("contiene un correo no válido"))),
  SEED_DEMO: boolFlag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  /** Empty (as `compose.yaml` passes it when unset): the default. */
  DB_POOL_SIZE: z.preprocess((v) => (v === "" ? undefined : v), intBetween(1, 200).default(DEFAULT_DB_POOL_SIZE)),
  MAX_REGISTROS_DIA: intBetween(1, 1000).optional(),
  /** The platform brake's floor: credits released automatically per day at least (ADR 015; default 20.000). */
  FRENO_MINIMO_DIA: z.coerce
    .number({ error: "debe ser un número entero" })
    .int("debe ser un número entero")
    .min(1, "debe ser un número entero positivo")
    .optional(),
  /** Mail (issue 16): smtp:// or smtps:// with credentials in the URL; empty: .eml files in DATA_DIR/correo/. */
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => v === "" || /^smtps?:\/\//.test(v), "debe empezar por smtp:// o smtps://")
    .optional()
    .transform((v) => (v ? v : undefined)),
  MAIL_FROM: z.string().trim().min(1, "no puede estar vacío").default("Valoriza <no-responder@valoriza.co>"),
  /** Base of every link in mails; default http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "debe ser una URL http:// o https://")
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : undefined)),
  /** New accounts per client address per hour (issue 16). */
  REGISTROS_POR_IP_HORA: intBetween(1, 100000).default(10),
  /**
   * Proxies to trust for the client address (X-Forwarded-For): empty (default) trusts none;
   * `true`/`1` trusts all; a number trusts that many hops; otherwise comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: z.string().trim().default(""),
  /**
   * Web Push (issue 20, ADR 022): the VAPID key pair (base64url, as `web-push generate-vapid-keys`
   * prints it). Both or neither; neither: generated once and kept in DATA_DIR/vapid.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .refine((v) => v === "" || base64UrlBytes(v) === 65, "debe ser una clave pública P-256 en base64url (65 bytes)")
    .optional()
    .transform((v) => (v ? v : undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .refine((v) => v === "" || base64UrlBytes(v) === 32, "debe ser una clave privada P-256 en base64url (32 bytes)")
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Who runs the server, for the push services: mailto: or https:. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/.test(v),
      "debe empezar por mailto: o https://",
    )
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Bytes of a base64url string, or -1 when it is not base64url. */
function base64UrlBytes(s: string): number {
  if (!/^[A-Za-z0-9_-]+$/.test(s) || s.length % 4 === 1) return -1;
  return Math.floor((s.length * 3) / 4);
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  adminEmails: string[];
  seedDemo: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  webDist: string | undefined;
  dbPoolSize: number;
  maxRegistrationsPerDay: number | undefined;
  brakeMinPerDay: number | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  signupsPerIpHour: number;
  trustProxy: TrustProxy;
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string | undefined;
}

/** Fastify's trustProxy: false (socket address), true (all), a hop count, or addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export function parseTrustProxy(v: string): TrustProxy {
  const t = v.trim().toLowerCase();
  if (t === "" || t === "0" || t === "false" || t === "no" || t === "off") return false;
  if (t === "true" || t === "yes" || t === "on") return true;
  if (/^[1-9][0-9]*$/.test(t)) return Number(t);
  return t
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with a readable Spanish message. */
export function parseEnv(env: NodeJS.ProcessEnv): Omit<Config, "jwtSecret"> & { jwtSecret: string | undefined } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Configuración inválida:\n  - VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas: define las dos o ninguna",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    // Relative to where `npm start` was typed (npm's INIT_CWD), not the workspace folder npm runs in.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    dbPoolSize: e.DB_POOL_SIZE,
    maxRegistrationsPerDay: e.MAX_REGISTROS_DIA,
    brakeMinPerDay: e.FRENO_MINIMO_DIA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    signupsPerIpHour: e.REGISTROS_POR_IP_HORA,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT,
  };
}

/** JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret. */
export function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const s = readFileSync(file, "utf8").trim();
    if (s.length >= 32) return s;
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const c = parseEnv(env);
  return { ...c, jwtSecret: resolveJwtSecret(c.dataDir, c.jwtSecret) };
}
