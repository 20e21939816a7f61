import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { checksCopy } from '../../copy/checks';

export interface Camera {
  /** The live view's element: give it to the <video>. */
  video: React.RefObject<HTMLVideoElement | null>;
  /** The camera is running. */
  on: boolean;
  /** There is no camera, or it was refused. */
  failed: boolean;
  start(): Promise<void>;
  stop(): void;
  /** The current frame at the camera's own size, or null before the first one. */
  frame(): HTMLCanvasElement | null;
}

/**
 * A camera through getUserMedia, facing the user (a selfie) or away (a document), at the
 * largest size it gives (the pipeline needs 600 px on the short side). Stopped when asked, when
 * the stream changes and on leaving.
 */
export function useCamera(facingMode: 'user' | 'environment'): Camera {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
    return () => stream?.getTracks().forEach((track) => track.stop());
  }, [stream]);

  async function start() {
    setFailed(false);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      setStream(
        await navigator.mediaDevices.getUserMedia({
          video: { facingMode, width: { ideal: 1920 }, height: { ideal: 1080 } },
          audio: false,
        }),
      );
    } catch {
      setFailed(true);
    }
  }

  function frame(): HTMLCanvasElement | null {
    const live = video.current;
    if (!live || live.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = live.videoWidth;
    canvas.height = live.videoHeight;
    canvas.getContext('2d')?.drawImage(live, 0, 0);
    return canvas;
  }

  return { video, on: stream !== null, failed, start, stop: () => setStream(null), frame };
}

/** A frame as the JPEG sent to the server. */
export function frameAsJpeg(canvas: HTMLCanvasElement, done: (photo: Blob | null) => void): void {
  canvas.toBlob(done, 'image/jpeg', 0.92);
}

/** 'Use my camera' while the camera is off, and what went wrong if it could not start. */
export function CameraStart({ failed, onStart }: { failed: boolean; onStart(): void }) {
  return (
    <div className="mb-2">
      <Button variant="outline-primary" onClick={onStart}>
        {checksCopy.startCamera}
      </Button>
      {failed ? (
        <p className="text-danger mt-2 mb-0" role="alert">
          {checksCopy.cameraUnavailable}
        </p>
      ) : null}
    </div>
  );
}
