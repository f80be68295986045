// A capture worker that speaks Comlink and answers the bridge's liveness check, then dies during a
// job: on a document frame it closes itself (as when the browser kills it, no event), on a face
// frame it throws outside the call (an uncaught error: the Worker fires `error`).
import { expose } from 'comlink';

expose({
  ready: true,
  analyzeDocumentFrame() {
    self.close();
    return new Promise(() => {});
  },
  analyzeFaceFrame() {
    setTimeout(() => {
      throw new Error('the worker crashed');
    });
    return new Promise(() => {});
  },
});
