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
  /** Login throttling: failures allowed per account and per IP in `loginWindowMs`. */
  loginMaxPerAccount?: number;
  loginMaxPerIp?: number;
  loginWindowMs?: number;
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  tokens: TokenService;
}
