// The phone's camera as a QR reader (decision 073): the back camera into a <video>, a frame read every
// few hundred milliseconds, each code found handed on. The camera stops (every track) when the screen
// that uses it goes away or stops asking; refused or absent, it says so and the screen offers a photo.
import { useEffect, useRef, useState } from 'react';
import { readQrCodes } from './qr-reader.ts';

export type CameraState = 'starting' | 'running' | 'unavailable';

const FRAME_EVERY_MS = 250;

/** Copies the video's current frame into pixels the reader takes. */
function frameOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (width === 0 || height === 0) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

export function useCameraScanner(onCode: (text: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const read = async () => {
      if (stopped || !video.current) return;
      const frame = frameOf(video.current, canvas);
      if (frame) for (const text of await readQrCodes(frame).catch(() => [])) if (!stopped) handler.current(text);
      if (!stopped) timer = setTimeout(read, FRAME_EVERY_MS);
    };
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) setState('unavailable');
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setState('running');
      void read();
    };
    if (typeof navigator.mediaDevices?.getUserMedia === 'function') void start();
    else setState('unavailable');
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
  }, []);

  return { video, state };
}

/** A short beep and a buzz: a label was taken. Silent where the phone allows neither. */
export function signalScan() {
  navigator.vibrate?.(80);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 1400;
    volume.gain.value = 0.15;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
    tone.onended = () => void audio.close();
  } catch {
    // No audio here: the vibration and the screen say it.
  }
}
