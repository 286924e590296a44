// Setting the scene through the API: a call that fails stops the test with the server's answer.
import type { APIResponse } from '@playwright/test';

export async function json<T = Record<string, unknown>>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
