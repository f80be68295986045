/** Moving frames between the element and the worker. */
import type { FrameInput } from './types.js';

/** What moves `frame` to the other thread without copying its pixels. */
export function frameTransferables(frame: FrameInput): Transferable[] {
  return 'data' in frame ? [frame.data.buffer as ArrayBuffer] : [frame];
}
