import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { checksCopy } from '../../copy/checks';
import { frameQuality, sampleSize, type FrameProblem } from './frameFeedback';
import { CameraStart, frameAsJpeg, useCamera } from './useCamera';

/**
 * The phone's back camera for the document's photo (useCamera), its live view under a frame
 * guide the shape of a passport page or card. 'Take photo' keeps the frame, measured at once
 * for glare and blur (frameFeedback.ts): a problem is said and the camera stays on to take it
 * again (or the photo is used anyway); a good frame is kept as a JPEG and the camera stops.
 */
export function DocumentCamera({ onCapture }: { onCapture(photo: Blob): void }) {
  const { video, on, failed, start, stop, frame } = useCamera('environment');
  const [problem, setProblem] = useState<{ kind: FrameProblem; photo: Blob } | null>(null);

  function keep(photo: Blob) {
    setProblem(null);
    stop();
    onCapture(photo);
  }

  function capture() {
    const canvas = frame();
    if (!canvas) return;
    // Measured on a copy the size the server measures at.
    const size = sampleSize(canvas.width, canvas.height);
    const sample = document.createElement('canvas');
    sample.width = size.width;
    sample.height = size.height;
    const context = sample.getContext('2d', { willReadFrequently: true });
    context?.drawImage(canvas, 0, 0, size.width, size.height);
    const pixels = context?.getImageData(0, 0, size.width, size.height);
    const kind = pixels ? frameQuality(pixels).problem : null;
    frameAsJpeg(canvas, (blob) => {
      if (!blob) return;
      if (kind) setProblem({ kind, photo: blob });
      else keep(blob);
    });
  }

  if (!on) return <CameraStart failed={failed} onStart={() => void start()} />;
  return (
    <div className="mb-2">
      <div className="position-relative d-inline-block mb-2" style={{ maxWidth: '100%' }}>
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          aria-label={checksCopy.cameraView}
          className="d-block rounded"
          style={{ maxWidth: '100%', maxHeight: 420 }}
        />
        {/* The frame guide: a passport page or card is about 1.42 times as wide as high. */}
        <div
          aria-hidden="true"
          className="position-absolute top-50 start-50 translate-middle border border-3 border-warning rounded"
          style={{ width: '86%', aspectRatio: '1.42', pointerEvents: 'none' }}
        />
      </div>
      <p className="form-text mt-0">{checksCopy.frameGuide}</p>
      {problem ? (
        <p className="text-danger" role="alert">
          {problem.kind === 'glare' ? checksCopy.glareFeedback : checksCopy.blurFeedback}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={capture}>{checksCopy.takePhoto}</Button>
        {problem ? (
          <Button variant="outline-secondary" onClick={() => keep(problem.photo)}>
            {checksCopy.useAnyway}
          </Button>
        ) : null}
        <Button variant="outline-secondary" onClick={stop}>
          {checksCopy.stopCamera}
        </Button>
      </div>
    </div>
  );
}
