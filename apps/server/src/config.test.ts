import { availableParallelism } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultDbPoolSize, parseEnv } from "./config.ts";

describe("configuration", () => {
  it("has the documented defaults, with DATA_DIR relative to where npm was started", () => {
    const c = parseEnv({ INIT_CWD: "/srv/valoriza" });
    expect(c).toMatchObject({ port: 3000, host: "0.0.0.0", databaseUrl: undefined, seedDemo: true, adminEmails: [] });
    expect(c.dataDir).toBe(path.resolve("/srv/valoriza/data"));
  });

  it("parses ADMIN_EMAILS (trimmed, lower-cased) and SEED_DEMO=0", () => {
    const c = parseEnv({ ADMIN_EMAILS: " Ana@Valoriza.co, carlos@valoriza.co ", SEED_DEMO: "0" });
    expect(c.adminEmails).toEqual(["ana@valoriza.co", "carlos@valoriza.co"]);
    expect(c.seedDemo).toBe(false);
  });

  it("stops with a clear Spanish message on a bad value", () => {
    expect(() => parseEnv({ PORT: "setenta" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT: debe estar entre 0 y 65535/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: debe empezar por postgres/);
    expect(() => parseEnv({ ADMIN_EMAILS: "no-es-correo" })).toThrow(/ADMIN_EMAILS/);
    expect(() => parseEnv({ JWT_SECRET: "corto" })).toThrow(/JWT_SECRET: debe tener al menos 32 caracteres/);
    expect(() => parseEnv({ SEED_DEMO: "quizas" })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ MAX_REGISTROS_DIA: "0" })).toThrow(/MAX_REGISTROS_DIA: debe estar entre 1 y 1000/);
  });

  it("MAX_REGISTROS_DIA overrides the registrations per day, absent by default", () => {
    expect(parseEnv({}).maxRegistrationsPerDay).toBeUndefined();
    expect(parseEnv({ MAX_REGISTROS_DIA: "40" }).maxRegistrationsPerDay).toBe(40);
  });

  it("FRENO_MINIMO_DIA sets the platform brake's floor, absent by default (ADR 015's 20.000)", () => {
    expect(parseEnv({}).brakeMinPerDay).toBeUndefined();
    expect(parseEnv({ FRENO_MINIMO_DIA: "50000" }).brakeMinPerDay).toBe(50_000);
    expect(() => parseEnv({ FRENO_MINIMO_DIA: "0" })).toThrow(/FRENO_MINIMO_DIA: debe ser un número entero positivo/);
  });

  it("DB_POOL_SIZE: twice the cores plus one by default (3 to 10), empty as unset, bad values refused in Spanish", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultDbPoolSize(cores))).toEqual([3, 5, 7, 9, 10, 10]);
    expect(parseEnv({}).dbPoolSize).toBe(defaultDbPoolSize(availableParallelism()));
    expect(parseEnv({ DB_POOL_SIZE: "" }).dbPoolSize).toBe(defaultDbPoolSize(availableParallelism()));
    expect(parseEnv({ DB_POOL_SIZE: "12" }).dbPoolSize).toBe(12);
    expect(() => parseEnv({ DB_POOL_SIZE: "0" })).toThrow(/DB_POOL_SIZE: debe estar entre 1 y 200/);
    expect(() => parseEnv({ DB_POOL_SIZE: "muchas" })).toThrow(/DB_POOL_SIZE: debe ser un número entero/);
  });
});
