import { loadOpenCv, withMats } from '../models/opencv.js';
import type { Point } from '../types.js';
import type { RgbImage } from './decode.js';

/**
 * Maps the quadrilateral `from` of `source` onto the quadrilateral `to` of a target image by a
 * perspective transform. With a `canvas` the source is painted over it (pixels outside `to` keep the
 * canvas); without, the target is a fresh `width × height` image with replicated borders.
 */
export async function warpQuad(
  source: RgbImage,
  from: Point[],
  to: Point[],
  target: { width: number; height: number; canvas?: Buffer },
): Promise<RgbImage> {
  const { cv } = await loadOpenCv();
  const data = withMats((track) => {
    const input = track(new cv.Mat(source.height, source.width, cv.CV_8UC3));
    input.data.set(source.data);
    const output = track(new cv.Mat(target.height, target.width, cv.CV_8UC3));
    if (target.canvas) output.data.set(target.canvas);
    const transform = track(
      cv.getPerspectiveTransform(
        track(
          cv.matFromArray(
            4,
            1,
            cv.CV_32FC2,
            from.flatMap((p) => [p.x, p.y]),
          ),
        ),
        track(
          cv.matFromArray(
            4,
            1,
            cv.CV_32FC2,
            to.flatMap((p) => [p.x, p.y]),
          ),
        ),
      ),
    );
    cv.warpPerspective(
      input,
      output,
      transform,
      new cv.Size(target.width, target.height),
      target.canvas ? cv.INTER_LINEAR : cv.INTER_AREA,
      target.canvas ? cv.BORDER_TRANSPARENT : cv.BORDER_REPLICATE,
      new cv.Scalar(),
    );
    return Buffer.from(output.data);
  });
  return { data, width: target.width, height: target.height };
}

/** The corners (TL, TR, BR, BL) of a `width × height` rectangle. */
export function rectangleCorners(width: number, height: number): Point[] {
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
}
