// The real capture worker in a browser whose workers cannot encode JPEGs (an OffscreenCanvas without
// `convertToBlob`): it analyses frames as usual and fails to encode only once it holds the frame.
import '../../dist/idv-verify.worker.js';

delete OffscreenCanvas.prototype.convertToBlob;
