// A real 1×1 PNG for the evidence tests (decisions 053, 056): small enough for any body, and a true
// PNG, so the server's magic-number check accepts it. Base64 for API bodies, bytes for a file input.
export const ONE_PIXEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const ONE_PIXEL_PNG = Buffer.from(ONE_PIXEL_PNG_BASE64, 'base64');
