import { loadOpenCv, withMats } from '../models/opencv.js';
import type { RgbImage } from '../image/decode.js';

/**
 * Screen-border and print-edge cue: long straight edges around the face, outside it, that a phone
 * or a sheet of paper held in front of the camera draws (a bezel, a paper edge). Answers how many
 * sides of a frame enclosing the face carry such a line (0–4).
 */
export async function enclosingEdges(
  image: RgbImage,
  box: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const { cv } = await loadOpenCv();
  return withMats((track) => {
    const rgb = track(new cv.Mat(image.height, image.width, cv.CV_8UC3));
    rgb.data.set(image.data);
    const gray = track(new cv.Mat());
    cv.cvtColor(rgb, gray, cv.COLOR_RGB2GRAY);
    cv.GaussianBlur(gray, gray, new cv.Size(5, 5), 0);
    const edges = track(new cv.Mat());
    cv.Canny(gray, edges, 40, 120);
    const lines = track(new cv.Mat());
    const minLength = Math.min(image.width, image.height) * 0.3;
    cv.HoughLinesP(edges, lines, 1, Math.PI / 180, 50, minLength, 20);
    const sides = new Set<string>();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (let i = 0; i < lines.rows; i++) {
      const [x1, y1, x2, y2] = [
        lines.data32S[i * 4],
        lines.data32S[i * 4 + 1],
        lines.data32S[i * 4 + 2],
        lines.data32S[i * 4 + 3],
      ] as [number, number, number, number];
      const angle = Math.abs((Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI) % 180;
      const horizontal = angle < 25 || angle > 155;
      const vertical = angle > 65 && angle < 115;
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      // The line must pass beside the face (not through it) and span across the face's extent.
      if (horizontal && Math.min(x1, x2) < cx && Math.max(x1, x2) > cx) {
        if (my < box.y - box.height * 0.15) sides.add('top');
        else if (my > box.y + box.height * 1.15) sides.add('bottom');
      } else if (vertical && Math.min(y1, y2) < cy && Math.max(y1, y2) > cy) {
        if (mx < box.x - box.width * 0.1) sides.add('left');
        else if (mx > box.x + box.width * 1.1) sides.add('right');
      }
    }
    return sides.size;
  });
}
