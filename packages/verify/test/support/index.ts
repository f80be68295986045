/**
 * `@idv/verify/testing`: the element's browser-side test harness for the suites of other packages
 * (the Capacitor plugin): the flow API double's scenarios, mounting `<idv-verify>`, test images.
 * The double's server side (Web Test Runner middleware) is `@idv/verify/testing/flow-api-double`.
 */
export * from './double.js';
export * from './element.js';
export * from './images.js';
