// Shrinks a photo on the phone before it is sent (decision 053): the longest side at most 1280 px,
// JPEG quality stepped down (then the size) until it is at most 300 KB, the server's limit.
import { EVIDENCE_MAX_BYTES } from '../../shared/evidence.ts';

const LONGEST_SIDE = 1280;
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35];

export type ShrunkPhoto = { base64: string; bytes: number; contentType: 'image/jpeg'; previewUrl: string };

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('unreadable'))), 'image/jpeg', quality),
  );

const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** The photo as a JPEG of at most 300 KB; throws when the file is not an image the browser can read. */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  const image = await decode(file);
  let scale = Math.min(1, LONGEST_SIDE / Math.max(image.width, image.height));
  for (let round = 0; round < 6; round++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.width * scale));
    canvas.height = Math.max(1, Math.round(image.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('unreadable');
    // JPEG has no transparency: a white ground, not black, under a transparent PNG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const blob = await toBlob(canvas, quality);
      if (blob.size <= EVIDENCE_MAX_BYTES) {
        const previewUrl = await toDataUrl(blob);
        return {
          base64: previewUrl.slice(previewUrl.indexOf(',') + 1),
          bytes: blob.size,
          contentType: 'image/jpeg',
          previewUrl,
        };
      }
    }
    scale *= 0.7;
  }
  throw new Error('too large');
}
