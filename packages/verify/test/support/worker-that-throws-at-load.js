// A capture worker whose script fails while it loads (a broken deploy, a module that cannot run):
// the Worker fires `error` and no call is ever answered.
throw new Error('this worker script is broken');
