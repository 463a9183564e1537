import { expireSession, getToken } from "./session.tsx";

/** Error raised for any non-OK response; `message` is what the user should read. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE =
  "No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.";

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /**
   * What a 401/403 means for this call. "expire" (default): the stored session is no longer valid,
   * so it is cleared and the login modal reopens. "ignore": the caller handles it (login form).
   */
  onUnauthorized?: "expire" | "ignore";
  /** Sent as the Idempotency-Key header: the server runs a retried operation only once. */
  idempotencyKey?: string;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/**
 * Spec §7 Generic: the server message, else the error field, else the raw text, else the status
 * text (the fallbacks are shown as "status: text").
 */
export function responseErrorMessage(response: Response, body: unknown, text: string): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const fromBody = nonEmptyString(record.message) ?? nonEmptyString(record.error);
    if (fromBody) return fromBody;
  }
  const raw = text.trim();
  // An HTML error page (proxy, gateway) is not something to show to a person.
  if (raw && !raw.startsWith("<") && raw.length <= 300) return `${response.status}: ${raw}`;
  return `${response.status}: ${response.statusText || "Error"}`;
}

/** Calls `/api{path}` with JSON, the bearer token when stored and cookies. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? "GET",
      headers,
      credentials: "include",
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  const text = await response.text().catch(() => "");
  const body = parseJson(text);

  if (!response.ok) {
    const unauthorized = response.status === 401 || response.status === 403;
    // Only when the rejected token is still the current one (not after a re-login meanwhile).
    if (unauthorized && token && options.onUnauthorized !== "ignore" && getToken() === token) {
      expireSession();
    }
    throw new ApiError(responseErrorMessage(response, body, text), response.status, body ?? text);
  }

  return (body === undefined ? text : body) as T;
}
