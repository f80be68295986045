/** The app's responses checked against its own OpenAPI document, as `app.inject` returns them. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { OpenApiContract, type OpenApiDocument } from './openapi-contract.js';

const contracts = new WeakMap<FastifyInstance, OpenApiContract>();

/** The contract of an app: its generated OpenAPI document (`app.swagger()`, as `/docs/json` serves it). */
export function contractOf(app: FastifyInstance): OpenApiContract {
  let contract = contracts.get(app);
  if (contract === undefined) {
    const document = (app as unknown as { swagger(): OpenApiDocument }).swagger();
    contract = new OpenApiContract(structuredClone(document));
    contracts.set(app, contract);
  }
  return contract;
}

/** A response of the app that does not fit its OpenAPI document. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';

  constructor(readonly problems: string[]) {
    super(`the response does not match the OpenAPI document:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Makes `app.inject` check every response it returns against the app's OpenAPI document
 * ({@link OpenApiContract.check}) and reject with a {@link ContractViolation} when it does not fit.
 * Only the promise form (`app.inject(options)`) is checked; the callback and chain forms pass
 * through unchanged.
 */
export function checkResponsesAgainstContract(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (
    options: InjectOptions,
  ) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    const url = typeof options.url === 'string' ? options.url : options.path;
    if (typeof url !== 'string') return response;
    const problems = contractOf(app).check(options.method ?? 'GET', url, response);
    if (problems.length > 0) throw new ContractViolation(problems);
    return response;
  };
  const original = app.inject as (...args: unknown[]) => unknown;
  app.inject = ((...args: unknown[]) => {
    const [options] = args;
    if (args.length === 1 && typeof options === 'object' && options !== null)
      return checked(options as InjectOptions);
    return original.apply(app, args);
  }) as typeof app.inject;
}
