/** An error answer of the verification service, with what the element needs to decide. */
export class FlowApiError extends Error {
  override readonly name = 'FlowApiError';

  constructor(
    /** HTTP status, or 0 when the network failed. */
    readonly status: number,
    message: string,
    /** The parsed error body, when there was one. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /** The link error name of a 409 (`LinkAlreadyUsed`, `LinkExpired`, `LinkInactive`), if any. */
  get linkError(): string | undefined {
    const body = this.body as { name?: unknown } | undefined;
    return this.status === 409 && typeof body?.name === 'string' ? body.name : undefined;
  }

  /** True when the verification or link ran out of time. */
  get expired(): boolean {
    return this.status === 410 || this.linkError === 'LinkExpired';
  }

  /**
   * True when this device's session token is no longer known (401): the session moved to another
   * device with a hand-off.
   */
  get sessionMoved(): boolean {
    return this.status === 401;
  }

  /** True when the service, or one it depends on, is unavailable for now (503). */
  get unavailable(): boolean {
    return this.status === 503;
  }

  /** True when the upload itself was refused (400 unreadable, 413 too large, 415 wrong type). */
  get badUpload(): boolean {
    return this.status === 400 || this.status === 413 || this.status === 415;
  }
}
