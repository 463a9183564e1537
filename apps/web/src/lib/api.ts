import { openAuthDialog } from "./auth-dialog.ts";
import { track } from "./in-flight.ts";
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

export const NETWORK_ERROR_MESSAGE = "No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.";

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
  /** Upload progress (0..1) of the request body; the request then goes through XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
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
export function responseErrorMessage(
  response: Pick<Response, "status" | "statusText">,
  body: unknown,
  text: string,
): string {
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

/**
 * A 403 with the code BLOCKED: the two people blocked each other (issue 19 part 4). The session is
 * fine; the message (who blocked whom) is for the person to read.
 */
export function isBlockedAnswer(status: number, body: unknown): boolean {
  return status === 403 && (body as { code?: unknown } | null)?.code === "BLOCKED";
}

/**
 * A 401/403 from a call that lets the client handle it (the default): the session has been
 * cleared, 'Sesión expirada' shown and the login reopened, so the caller shows nothing more.
 * A block's 403 is not one: its message is shown like any other refusal.
 */
export function isAuthError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 401 || error.status === 403) &&
    !isBlockedAnswer(error.status, error.body)
  );
}

interface RawResponse {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

/** fetch, or XMLHttpRequest when the caller follows the upload progress (fetch cannot report it). */
function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
  onUploadProgress?: (fraction: number) => void,
): Promise<RawResponse> {
  if (!onUploadProgress) {
    return fetch(url, {
      method: init.method,
      headers: init.headers,
      credentials: "include",
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    }).then(async (response) => ({
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      text: await response.text().catch(() => ""),
    }));
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => onUploadProgress(1);
    xhr.onload = () =>
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        statusText: xhr.statusText,
        text: xhr.responseText,
      });
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });
}

/** Calls `/api{path}` with JSON, the bearer token when stored and cookies. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;

  let response: RawResponse;
  try {
    response = await track(
      token,
      send(
        `/api${path}`,
        {
          method: options.method ?? "GET",
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        },
        options.onUploadProgress,
      ),
    );
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  // Cancelled while its body was read (a query refetched or left): the answer is cut, not empty.
  if (options.signal?.aborted) throw options.signal.reason ?? new DOMException("Aborted", "AbortError");

  const text = response.text;
  const body = parseJson(text);

  if (!response.ok) {
    const unauthorized =
      response.status === 401 || (response.status === 403 && !isBlockedAnswer(response.status, body));
    if (unauthorized && options.onUnauthorized !== "ignore") {
      // Only when the rejected token is still the current one (not after a re-login meanwhile).
      if (token && getToken() === token) expireSession();
      else if (!token) openAuthDialog("login");
    }
    throw new ApiError(responseErrorMessage(response, body, text), response.status, body ?? text);
  }

  return (body === undefined ? text : body) as T;
}
