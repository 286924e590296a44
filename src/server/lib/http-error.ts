// An error that becomes a JSON response with its status and the user-facing message.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** More fields of the answer beside `message`, e.g. why a session ended (decision 040). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
/** 401; with the reason the caller's session ended, when it ended without a sign-out (decision 040). */
export const unauthorized = (message: string, reason?: string | null) =>
  new HttpError(401, message, undefined, reason ? { reason } : undefined);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** Why a record rule refuses an action (features/<domain>/rules.ts): the status and message of the answer. */
export type Refusal = { status: 403 | 409; message: string };

export const refusalError = (r: Refusal) => new HttpError(r.status, r.message);
