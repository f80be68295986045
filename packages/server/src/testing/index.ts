/**
 * `@idv/server/testing`: the server's harness for the tests of other packages (the Node SDK's
 * suite, the cross-package end-to-end tests). Workspace-only: the published files leave
 * `dist/testing` out.
 */
export { cliEnvironment, runCli, startServerProcess, type ServerProcess } from './processes.js';
export type * as wireShapes from './wire-shapes.js';
