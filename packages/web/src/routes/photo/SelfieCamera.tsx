import Button from 'react-bootstrap/Button';
import { checksCopy } from '../../copy/checks';
import { CameraStart, frameAsJpeg, useCamera } from './useCamera';

/**
 * The webcam for a selfie (the front camera, useCamera): 'Use my camera' starts it, 'Take
 * selfie' keeps the frame as a JPEG, and the camera is stopped then (and on leaving). Where
 * there is no camera or it is refused, it says so: the file field beside it still works.
 */
export function SelfieCamera({ onCapture }: { onCapture(photo: Blob): void }) {
  const { video, on, failed, start, stop, frame } = useCamera('user');

  function capture() {
    const shot = frame();
    if (!shot) return;
    frameAsJpeg(shot, (blob) => {
      if (blob) onCapture(blob);
      stop();
    });
  }

  if (!on) return <CameraStart failed={failed} onStart={() => void start()} />;
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
        <Button variant="outline-secondary" onClick={stop}>
          {checksCopy.stopCamera}
        </Button>
      </div>
    </div>
  );
}
