import type { Db } from "../db/client.ts";
import type { TokenService } from "./auth.ts";
import type { Clock } from "./clock.ts";

/** What the app is built from; services receive it (or a part of it). */
export interface AppConfig {
  jwtSecret: string;
  adminEmails: string[];
  dataDir: string;
  webDist?: string | undefined;
  logLevel?: string;
  /** MAX_REGISTROS_DIA: registrations per person per 24 h (ADR 015); undefined: the domain's figure. */
  maxRegistrationsPerDay?: number | undefined;
  /** FRENO_MINIMO_DIA: the platform brake's floor in credits a day (ADR 015); undefined: the domain's figure. */
  brakeMinPerDay?: number | undefined;
  /** Login throttling: failures allowed per account and per IP in `loginWindowMs`. */
  loginMaxPerAccount?: number;
  loginMaxPerIp?: number;
  loginWindowMs?: number;
  /** Images one user may upload per hour (default 100). */
  uploadImagesPerHour?: number;
  /** SMTP_URL (issue 16); undefined: mails are written as .eml files under DATA_DIR/correo/. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM: the From header of every mail. */
  mailFrom?: string;
  /** PUBLIC_URL: the base of every link in mails (no trailing slash). */
  publicUrl?: string;
  /** REGISTROS_POR_IP_HORA: new accounts per client address per hour (default 10). */
  signupsPerIpHour?: number;
  /** TRUST_PROXY, parsed (config.ts parseTrustProxy): Fastify's trustProxy option. */
  trustProxy?: boolean | number | string[];
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (issue 20); absent: generated once in DATA_DIR/vapid.json. */
  vapidPublicKey?: string | undefined;
  vapidPrivateKey?: string | undefined;
  /** VAPID_SUBJECT: mailto: or https: contact for the push services. */
  vapidSubject?: string | undefined;
  /**
   * Tests only: accept push subscriptions whose endpoint is plain http or a loopback/private
   * address (the test push service on 127.0.0.1). Never set from the environment.
   */
  pushAllowInsecureEndpoints?: boolean;
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  tokens: TokenService;
}
