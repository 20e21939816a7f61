import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { checksCopy } from '../../copy/checks';

/**
 * The webcam for a selfie (getUserMedia, the front camera): 'Use my camera' starts it, 'Take
 * selfie' keeps the frame as a JPEG, and the camera is stopped then (and on leaving). Where
 * there is no camera or it is refused, it says so: the file field beside it still works.
 */
export function SelfieCamera({ onCapture }: { onCapture(photo: Blob): void }) {
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
          // The largest the camera gives: the pipeline needs 600 px on the short side.
          video: { facingMode: 'user', width: { ideal: 1920 }, height: { ideal: 1080 } },
          audio: false,
        }),
      );
    } catch {
      setFailed(true);
    }
  }

  function capture() {
    const frame = video.current;
    if (!frame || frame.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = frame.videoWidth;
    canvas.height = frame.videoHeight;
    canvas.getContext('2d')?.drawImage(frame, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(blob);
        setStream(null);
      },
      'image/jpeg',
      0.92,
    );
  }

  if (stream === null)
    return (
      <div className="mb-2">
        <Button variant="outline-primary" onClick={() => void start()}>
          {checksCopy.startCamera}
        </Button>
        {failed ? (
          <p className="text-danger mt-2 mb-0" role="alert">
            {checksCopy.cameraUnavailable}
          </p>
        ) : null}
      </div>
    );
  return (
    <div className="mb-2">
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        aria-label={checksCopy.cameraView}
        className="d-block mb-2 rounded"
        style={{ maxWidth: '100%', maxHeight: 320 }}
      />
      <div className="d-flex gap-2">
        <Button onClick={capture}>{checksCopy.takeSelfie}</Button>
        <Button variant="outline-secondary" onClick={() => setStream(null)}>
          {checksCopy.stopCamera}
        </Button>
      </div>
    </div>
  );
}
