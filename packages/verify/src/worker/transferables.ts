/** Moving frames between the element and the worker. */
import type { AnalysisInput } from './types.js';

/** What moves `frame` to the other thread without copying its pixels. */
export function frameTransferables(frame: AnalysisInput): Transferable[] {
  return 'data' in frame ? [frame.data.buffer as ArrayBuffer] : [frame];
}
