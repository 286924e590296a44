// What a page sends: a form that refuses what was typed must send nothing.
import type { Page } from '@playwright/test';

/** Every request that would change something (anything but GET) the page sends to the API. */
export function changeRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET')
      sent.push(`${request.method()} ${request.url()}`);
  });
  return sent;
}
