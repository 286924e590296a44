// Reads QR codes on the phone (decision 073): the browser's BarcodeDetector where it has one that knows
// QR codes, else zxing-wasm, whose code and WASM the app serves itself (bundled by Vite into dist,
// precached by the service worker), so a phone scans with no connection and no CDN. Loaded with the
// scan screen, never with the dashboards.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

type Detector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

let detector: Promise<Detector | null> | undefined;
/** The browser's own QR reader, or null where there is none. */
function nativeDetector(): Promise<Detector | null> {
  detector ??= (async () => {
    const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (!Native) return null;
    try {
      return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

let zxing: Promise<typeof import('zxing-wasm/reader')> | undefined;
/** zxing-wasm, its WASM from the app's own assets. */
function zxingReader() {
  zxing ??= import('zxing-wasm/reader').then(async (module) => {
    await module.prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path,
      },
      fireImmediately: true,
    });
    return module;
  });
  return zxing;
}

/** Starts loading the reader (the WASM too), so the first frame is read without waiting for it. */
export function prepareQrReader() {
  void nativeDetector().then((native) => (native ? undefined : zxingReader()));
}

/** Every QR code's text in a camera frame or a photo; none found: []. */
export async function readQrCodes(source: ImageData | Blob): Promise<string[]> {
  const native = await nativeDetector();
  if (native) {
    try {
      const image = source instanceof Blob ? await createImageBitmap(source) : source;
      return (await native.detect(image)).map((found) => found.rawValue);
    } catch {
      // A format the browser cannot open: the library reads it instead.
    }
  }
  const { readBarcodes } = await zxingReader();
  const results = await readBarcodes(source, { formats: ['QRCode'], maxNumberOfSymbols: 4, tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}
